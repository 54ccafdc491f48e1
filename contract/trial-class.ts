import { z } from "zod";
import { endpoint, noBody, noInput } from "./http";
import { isoDateTime } from "./fields";

/**
 * The free Saturday trial class of /gift (DESIGN.md section 3). Dates are `YYYY-MM-DD` in the
 * store's time zone, where the class takes place.
 */
export const trialClass = z.object({
  classDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int(),
  /** Places still free. */
  remaining: z.number().int(),
});
export type TrialClass = z.infer<typeof trialClass>;

export const trialClassBooking = z.object({ _id: z.string(), classDate: z.string(), createdAt: isoDateTime });
export type TrialClassBooking = z.infer<typeof trialClassBooking>;

/** The next class and the caller's booking for it, if any. */
export const trialClassBookingAnswer = z.object({ trialClass, booking: trialClassBooking.nullable() });
export type TrialClassBookingAnswer = z.infer<typeof trialClassBookingAnswer>;

export const trialClassBookedAnswer = trialClassBookingAnswer.extend({ message: z.string() });
export type TrialClassBookedAnswer = z.infer<typeof trialClassBookedAnswer>;

/** The calls take no input: the class is always the next one, the user the caller. */
export const trialClassEndpoints = {
  /** Anyone: the next class and its free places. */
  nextClass: endpoint({ method: "GET", path: "/trial-class", query: noInput, answer: z.object({ trialClass }) }),
  /** Bearer: the next class and the caller's booking. */
  myBooking: endpoint({ method: "GET", path: "/trial-class/booking", query: noInput, answer: trialClassBookingAnswer }),
  book: endpoint({
    method: "POST",
    path: "/trial-class/booking",
    body: noBody,
    answer: trialClassBookedAnswer,
    statuses: [201],
  }),
  cancel: endpoint({ method: "DELETE", path: "/trial-class/booking", query: noInput, answer: trialClassBookedAnswer }),
};
