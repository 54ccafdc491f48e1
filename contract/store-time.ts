/**
 * The store's one time zone and the one way each kind of date is written. Every time of day a page
 * or a notice shows (order dates, the payment deadline, notifications, reviews, the trial class) is
 * in it, whether the API, the web server or the browser formats it.
 *
 * Written without Intl, like number-format.ts: the browser's first Intl date formatter with a time
 * zone costs a phone 60 ms of main thread while the page starts (decision 0020). Madrid's clock is
 * the EU rule, in force since 1996: UTC+1, and UTC+2 from 01:00 UTC on the last Sunday of March
 * to 01:00 UTC on the last Sunday of October. tests/unit/store-time.test.ts compares every format
 * with Intl's "es-ES" in Europe/Madrid every 90 minutes of five years, so a change of the rule in
 * the time zone data fails the tests instead of shifting the store's dates silently.
 */
export const STORE_TIME_ZONE = "Europe/Madrid";

const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];
const SHORT_MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
const WEEKDAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of a month (0-based), when the EU changes its clocks. */
function clockChange(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** The wall clock in Madrid at an instant, read through the UTC getters of the returned Date. */
function madridWallClock(iso: string): Date {
  const instant = new Date(iso).getTime();
  const year = new Date(instant).getUTCFullYear();
  const summer = instant >= clockChange(year, 2) && instant < clockChange(year, 9);
  return new Date(instant + (summer ? 2 : 1) * HOUR_MS);
}

const twoDigits = (value: number) => String(value).padStart(2, "0");
const clockOf = (wall: Date) => `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`;
const dayAndMonthOf = (date: Date) => `${date.getUTCDate()} de ${MONTHS[date.getUTCMonth()]}`;
const longDateOf = (wall: Date) => `${dayAndMonthOf(wall)} de ${wall.getUTCFullYear()}`;

/** 'HH:MM', e.g. the payment deadline. */
export function clockTime(iso: string): string {
  return clockOf(madridWallClock(iso));
}

/** '22 de noviembre de 2026 a las 15:05': when an order was placed ('00:30', never '0:30'). */
export function longDateTime(iso: string): string {
  const wall = madridWallClock(iso);
  return `${longDateOf(wall)} a las ${clockOf(wall)}`;
}

/** '22/11/2026, 15:05': a notification's date, on the screen and in the bell alike. */
export function shortDateTime(iso: string): string {
  const wall = madridWallClock(iso);
  return `${twoDigits(wall.getUTCDate())}/${twoDigits(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()}, ${clockOf(wall)}`;
}

/** '22 de noviembre de 2026': a review, a blog post, the day an account was made. */
export function longDate(iso: string): string {
  return longDateOf(madridWallClock(iso));
}

/** 'YYYY-MM' of an instant in Madrid: the month a seller's statement files it under. */
export function storeMonth(iso: string): string {
  const wall = madridWallClock(iso);
  return `${wall.getUTCFullYear()}-${twoDigits(wall.getUTCMonth() + 1)}`;
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

/** '27 de marzo': a day in the sales chart's summary and its table. */
export function dayOfMonth(day: string): string {
  return dayAndMonthOf(dayOf(day));
}

/** '27 mar' ('27 sept' in September): a day under the sales chart. */
export function chartDay(day: string): string {
  const date = dayOf(day);
  return `${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]}`;
}
