import type { TrialClass, TrialClassAnswer, TrialClassBookedAnswer, TrialClassBookingAnswer } from "../../api/src/modules/trial-class/contract";
import { api, type ApiRequest } from "./api.server";
import type { Shopper } from "./shopper.server";

/**
 * The free Saturday trial class (DESIGN.md section 3): the next class, its free places and the
 * user's booking. Booking and cancelling need a signed-in user; `call` is their API client (the
 * shopper's `write` or the account's `call`), which refreshes the tokens on a 401.
 */
type UserCall = <T>(path: string, request?: ApiRequest) => Promise<T>;

/** 'sábado, 28 de noviembre': the class's day as the pages write it (the date is Madrid's calendar day). */
const classDay = new Intl.DateTimeFormat("es-ES", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

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

function toView({ trialClass, booking }: { trialClass: TrialClass; booking: TrialClassBookingAnswer["booking"] }): TrialClassView {
  return {
    ...trialClass,
    dayText: classDay.format(new Date(`${trialClass.classDate}T12:00:00Z`)),
    booked: booking !== null,
  };
}

/** The next class, with the shopper's booking when signed in. */
export async function getTrialClass(shopper: Shopper): Promise<TrialClassView> {
  if (!shopper.user) return toView({ trialClass: (await api<TrialClassAnswer>("/trial-class")).trialClass, booking: null });
  return toView(await shopper.write<TrialClassBookingAnswer>("/trial-class/booking"));
}

/** The next class and the signed-in user's booking. */
export async function getOwnTrialClass(call: UserCall): Promise<TrialClassView> {
  return toView(await call<TrialClassBookingAnswer>("/trial-class/booking"));
}

export async function bookTrialClass(call: UserCall): Promise<TrialClassView> {
  return toView(await call<TrialClassBookedAnswer>("/trial-class/booking", { method: "POST" }));
}

export async function cancelTrialClass(call: UserCall): Promise<{ message: string }> {
  return call<TrialClassBookedAnswer>("/trial-class/booking", { method: "DELETE" });
}

/** 'Plaza reservada para el sábado, 28 de noviembre, de 10:00 a 11:30.' */
export function bookedMessage(view: TrialClassView): string {
  return `Plaza reservada para el ${view.dayText}, de ${view.startTime} a ${view.endTime}.`;
}
