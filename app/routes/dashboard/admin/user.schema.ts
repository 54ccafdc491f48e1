import { z } from "zod";
import { blockUserBody } from "#contract/admin-users";
import { adminUserIntents } from "./user.forms";

/** Blocking asks for the reason the user will read; unblocking asks for nothing. */
export const blockUserSchema = blockUserBody;
export const unblockUserSchema = z.object({});

export const ADMIN_USER_FORMS = {
  [adminUserIntents.block]: blockUserSchema,
  [adminUserIntents.unblock]: unblockUserSchema,
};
