import { z } from "zod";
import { stuckMailParams } from "#contract/mail";
import { stuckMailIntents } from "./stuck-mail.forms";

/** One form per stuck mail: which one. */
export const retryMailSchema = z.object({ mailId: stuckMailParams.shape.mailId });

export const STUCK_MAIL_FORMS = { [stuckMailIntents.retry]: retryMailSchema };
