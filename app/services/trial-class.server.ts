import { calendarDay } from "#contract/store-time";
import { trialClassEndpoints, type TrialClass, type TrialClassBookingAnswer } from "#contract/trial-class";
import type { ApiClient } from "./api.server";
import type { AccountClient } from "./auth.server";
import type { Shopper } from "./shopper.server";

/**
 * The free Saturday trial class (DESIGN.md section 3): the next class, its free places and the
 * user's booking. Booking and cancelling need a signed-in user, called through their account
 * client (or the shopper, which uses it), which refreshes the tokens on a 401.
 */

export interface TrialClassView {
  classDate: string;
  /** 'sábado, 28 de noviembre'. */
  dayText: string;
  startTime: string;
  endTime: string;
  capacity: number;
  remaining: number;
  /** Whether the signed-in user holds a place in it. */
  booked: boolean;
}

function toView({
  trialClass,
  booking,
}: {
  trialClass: TrialClass;
  booking: TrialClassBookingAnswer["booking"];
}): TrialClassView {
  return {
    ...trialClass,
    dayText: calendarDay(trialClass.classDate),
    booked: booking !== null,
  };
}

/** The next class, with the shopper's booking when signed in; a visitor's comes from the API without a token. */
export async function getTrialClass(api: ApiClient, shopper: Shopper): Promise<TrialClassView> {
  if (!shopper.user)
    return toView({ trialClass: (await api.call(trialClassEndpoints.nextClass)).trialClass, booking: null });
  return toView(await shopper.write(trialClassEndpoints.myBooking));
}

/** The next class and the signed-in user's booking. */
export async function getOwnTrialClass(account: AccountClient): Promise<TrialClassView> {
  return toView(await account.call(trialClassEndpoints.myBooking));
}

/** Books the signed-in shopper a place (/gift, whose shopper is checked to be signed in first). */
export async function bookTrialClass(shopper: Shopper): Promise<TrialClassView> {
  return toView(await shopper.write(trialClassEndpoints.book));
}

export async function cancelTrialClass(account: AccountClient): Promise<{ message: string }> {
  return account.call(trialClassEndpoints.cancel);
}

/** 'Plaza reservada para el sábado, 28 de noviembre, de 10:00 a 11:30.' */
export function bookedMessage(view: TrialClassView): string {
  return `Plaza reservada para el ${view.dayText}, de ${view.startTime} a ${view.endTime}.`;
}
