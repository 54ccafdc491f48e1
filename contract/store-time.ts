/**
 * The store's one time zone and the one way each kind of date is written. Every time of day a page
 * or a notice shows (order dates, the payment deadline, notifications, reviews, the trial class) is
 * in it, whether the API, the web server or the browser formats it.
 */
export const STORE_TIME_ZONE = "Europe/Madrid";

const clock = new Intl.DateTimeFormat("es-ES", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: STORE_TIME_ZONE });
const shortDateTimeFormat = new Intl.DateTimeFormat("es-ES", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: STORE_TIME_ZONE,
});
const longDateFormat = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", year: "numeric", timeZone: STORE_TIME_ZONE });
// A calendar day (YYYY-MM-DD) has no time: it is read and written at UTC midnight so no zone moves it.
const calendarDayFormat = new Intl.DateTimeFormat("es-ES", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/** 'HH:MM', e.g. the payment deadline. */
export function clockTime(iso: string): string {
  return clock.format(new Date(iso));
}

/**
 * '22 de noviembre de 2026 a las 15:05': when an order was placed. Built from the two formats above
 * rather than `timeStyle: "short"`, which writes '0:30' where every other time of the store says '00:30'.
 */
export function longDateTime(iso: string): string {
  return `${longDate(iso)} a las ${clockTime(iso)}`;
}

/** '22/11/2026, 15:05': a notification's date, on the screen and in the bell alike. */
export function shortDateTime(iso: string): string {
  return shortDateTimeFormat.format(new Date(iso));
}

/** '22 de noviembre de 2026': a review, a blog post, the day an account was made. */
export function longDate(iso: string): string {
  return longDateFormat.format(new Date(iso));
}

/** 'sábado, 28 de noviembre': a calendar day (YYYY-MM-DD) such as the trial class's. */
export function calendarDay(day: string): string {
  return calendarDayFormat.format(new Date(`${day}T00:00:00Z`));
}
