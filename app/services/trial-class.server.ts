import { calendarDay } from "#contract/store-time";
import { trialClassEndpoints, type TrialClass, type TrialClassBookingAnswer } from "#contract/trial-class";
import type { ApiClient } from "./api.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { parseIntentForm } from "~/forms/form-answer.server";
import { trialClassIntents } from "~/routes/dashboard/trial-class.forms";
import { TRIAL_CLASS_FORMS } from "~/routes/dashboard/trial-class.schema";
import { ApiError } from "./api.server";
import { logError } from "./log.server";
import { redirectWithFlash } from "./session.server";
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

/** 'Cancelar reserva' on /dashboard/trial-class: the place goes back to the class; a flash says how it went. */
export async function trialClassPageAction(args: RequestArgs, account: AccountClient) {
  const back = "/dashboard/trial-class";
  const form = await parseIntentForm(args.request, TRIAL_CLASS_FORMS);
  if (!form.ok) return form.answer;
  switch (form.intent) {
    case trialClassIntents.cancel:
      try {
        const { message } = await cancelTrialClass(account);
        return redirectWithFlash(args.context, back, { kind: "success", message });
      } catch (error) {
        if (error instanceof Response) throw error;
        if (error instanceof ApiError && error.status < 500)
          return redirectWithFlash(args.context, back, { kind: "error", message: error.message });
        logError("No se pudo cancelar la reserva de la clase de prueba", error);
        return redirectWithFlash(args.context, back, { kind: "error", message: NETWORK_OR_SERVER_ERROR });
      }
  }
}
