import type { ActionFunctionArgs } from "@remix-run/node";
import { signOut } from "~/services/auth.server";

/** POST only: a link or a prefetch must never sign anyone out. */
export function action(args: ActionFunctionArgs) {
  return signOut(args);
}
