/**
 * The store's one time zone and the one way each kind of date is written. Every time of day a page
 * or a notice shows (order dates, the payment deadline, notifications, reviews, the trial class) is
 * in it, whether the API, the web server or the browser formats it.
 *
 * Written without Intl, like number-format.ts: the browser's first Intl date formatter with a time
 * zone costs a phone 60 ms of main thread while the page starts (decision 0020). Madrid's clock is
 * region-time.ts's (the EU rule). Pages show a time of day in the shopper's own region
 * (app/services/times.server.ts, decision 0039); the API and calendar days keep the store's
 * zone. tests/unit/store-time.test.ts compares every format
 * with Intl's "es-ES" in Europe/Madrid every 90 minutes of five years, so a change of the rule in
 * the time zone data fails the tests instead of shifting the store's dates silently.
 */
import { MONTHS, wallClock } from "./region-time";

export const STORE_TIME_ZONE = "Europe/Madrid";

const SHORT_MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
const WEEKDAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];

/** The wall clock in Madrid at an instant, read through the UTC getters of the returned Date. */
const madridWallClock = (iso: string) => wallClock("es", iso);

const twoDigits = (value: number) => String(value).padStart(2, "0");
const dayAndMonthOf = (date: Date) => `${date.getUTCDate()} de ${MONTHS[date.getUTCMonth()]}`;
const longDateOf = (wall: Date) => `${dayAndMonthOf(wall)} de ${wall.getUTCFullYear()}`;

/** '22 de noviembre de 2026': a review, a blog post, the day an account was made. */
export function longDate(iso: string): string {
  return longDateOf(madridWallClock(iso));
}

/** 'YYYY-MM' of an instant in Madrid: the month a seller's statement files it under. */
export function storeMonth(iso: string): string {
  const wall = madridWallClock(iso);
  return `${wall.getUTCFullYear()}-${twoDigits(wall.getUTCMonth() + 1)}`;
}

/** 'YYYY-MM-DD' of an instant in Madrid: the store's calendar day (a date input's value). */
export function storeDay(iso: string): string {
  return madridWallClock(iso).toISOString().slice(0, 10);
}

/** 'noviembre de 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return `${MONTHS[monthNumber - 1]} de ${year}`;
}

// A calendar day (YYYY-MM-DD) has no time and no zone moves it: read through the UTC getters.
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** 'sábado, 28 de noviembre': a calendar day such as the trial class's. */
export function calendarDay(day: string): string {
  const date = dayOf(day);
  return `${WEEKDAYS[date.getUTCDay()]}, ${dayAndMonthOf(date)}`;
}

/** '5 de diciembre de 2026' for the calendar day '2026-12-05' (a shop's return from vacation). */
export function calendarDateLong(day: string): string {
  const date = dayOf(day);
  return `${dayAndMonthOf(date)} de ${date.getUTCFullYear()}`;
}

/** '27 de marzo': a day in the sales chart's summary and its table. */
export function dayOfMonth(day: string): string {
  return dayAndMonthOf(dayOf(day));
}

/** '27 mar' ('27 sept' in September): a day under the sales chart. */
export function chartDay(day: string): string {
  const date = dayOf(day);
  return `${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]}`;
}
