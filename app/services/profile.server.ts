import { accountEndpoints, type ProfileData } from "#contract/accounts";
import type { AccountClient } from "./auth.server";

/** The signed-in user's own profile (GET /user/profile/:id). */
export async function getOwnProfile(account: AccountClient): Promise<ProfileData> {
  const { profileData } = await account.call(accountEndpoints.profile, { params: { id: account.user.id } });
  return profileData;
}
