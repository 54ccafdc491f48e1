import type { AccountClient, Profile } from "./auth.server";

/** The signed-in user's own profile (GET /user/profile/:id). */
export async function getOwnProfile(account: AccountClient): Promise<Profile> {
  const { profileData } = await account.call<{ profileData: Profile }>(`/user/profile/${encodeURIComponent(account.user.id)}`);
  return profileData;
}
