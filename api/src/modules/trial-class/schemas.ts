import { z } from "zod";

export type { TrialClassAnswer, TrialClassBookedAnswer, TrialClassBookingAnswer } from "./contract.js";

/** The trial class calls take no input: the class is always the next one, the user the caller. */
export const noInput = z.object({});
