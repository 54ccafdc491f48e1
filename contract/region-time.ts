/**
 * The shopper's region and its clock, written without Intl like store-time.ts (decision 0020).
 * Caracas is UTC-4 all year since 1 May 2016. New York follows the US rule in force since 2007:
 * UTC-4 from 2:00 local on the second Sunday of March to 2:00 local on the first Sunday of
 * November, UTC-5 otherwise. Madrid follows the EU rule, in force since 1996: UTC+1, and UTC+2 from
 * 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October (store-time.ts
 * reads Madrid through this file). tests/unit/region-time.test.ts compares all three with Intl over
 * several years.
 */
export const REGIONS = ["es", "ve", "us"] as const;
export type Region = (typeof REGIONS)[number];

export const REGION_ZONES: Record<Region, { timeZone: string; zoneName: string }> = {
  es: { timeZone: "Europe/Madrid", zoneName: "hora de Madrid" },
  ve: { timeZone: "America/Caracas", zoneName: "hora de Caracas" },
  us: { timeZone: "America/New_York", zoneName: "hora de Nueva York" },
};

const HOUR_MS = 3_600_000;

/** The IANA zones (a browser's own) each region takes: Spain's three, Venezuela's, and the USA's main ones. */
const REGION_OF_ZONE: Record<string, Region> = {
  "Europe/Madrid": "es",
  "Africa/Ceuta": "es",
  "Atlantic/Canary": "es",
  "America/Caracas": "ve",
};
const US_ZONE =
  /^(America\/(New_York|Detroit|Chicago|Denver|Phoenix|Los_Angeles|Anchorage|Boise|Juneau|Indiana\/.+|Kentucky\/.+|North_Dakota\/.+)|Pacific\/Honolulu)$/;

/** The region a browser's time zone is in, or null for a zone outside the three. */
export function regionOfTimeZone(zone: string): Region | null {
  return REGION_OF_ZONE[zone] ?? (US_ZONE.test(zone) ? "us" : null);
}

/** 01:00 UTC on the last Sunday of a month (0-based): the EU's change. */
function euChange(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** The nth Sunday (1-based) of a month, at a UTC hour. */
function nthSunday(year: number, month: number, nth: number, utcHour: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return Date.UTC(year, month, 1 + ((7 - firstWeekday) % 7) + (nth - 1) * 7, utcHour);
}

/** Hours to add to UTC to read the region's wall clock at an instant. */
export function regionOffsetHours(region: Region, instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  if (region === "ve") return -4;
  if (region === "us") {
    // 2:00 EST is 07:00 UTC in March; 2:00 EDT is 06:00 UTC in November.
    const summer = instant >= nthSunday(year, 2, 2, 7) && instant < nthSunday(year, 10, 1, 6);
    return summer ? -4 : -5;
  }
  return instant >= euChange(year, 2) && instant < euChange(year, 9) ? 2 : 1;
}

/** The months in Spanish, lower case: every date the store writes. */
export const MONTHS = [
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
const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The region's wall clock at an instant, read through the UTC getters of the returned Date. */
export function wallClock(region: Region, iso: string): Date {
  const instant = new Date(iso).getTime();
  return new Date(instant + regionOffsetHours(region, instant) * HOUR_MS);
}

/** 'HH:MM' in the region's zone. */
export function regionClockTime(region: Region, iso: string): string {
  const wall = wallClock(region, iso);
  return `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`;
}

/**
 * '22 de noviembre de 2026 a las 10:05, hora de Caracas': a date with its time of day in the
 * region's zone, named. The one function e-mail templates call with the recipient's region.
 */
export function formatDateForRegion(iso: string, region: Region): string {
  const wall = wallClock(region, iso);
  const day = `${wall.getUTCDate()} de ${MONTHS[wall.getUTCMonth()]} de ${wall.getUTCFullYear()}`;
  return `${day} a las ${regionClockTime(region, iso)}, ${REGION_ZONES[region].zoneName}`;
}

/** '22/11/2026, 15:05' in the region's zone: a notification's date, in a list and in the bell alike. */
export function regionShortDateTime(region: Region, iso: string): string {
  const wall = wallClock(region, iso);
  const date = `${twoDigits(wall.getUTCDate())}/${twoDigits(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()}`;
  return `${date}, ${regionClockTime(region, iso)}`;
}

/**
 * How far an instant is from now, in Spanish: 'en 28 minutos', 'en 2 horas', 'hace 5 minutos',
 * 'en 3 días'. Rounded down, so a deadline never reads later than it is.
 */
export function timeFromNow(iso: string, nowMs: number): string {
  const diff = new Date(iso).getTime() - nowMs;
  const minutes = Math.floor(Math.abs(diff) / 60_000);
  const [amount, unit] =
    minutes < 60
      ? [minutes, minutes === 1 ? "minuto" : "minutos"]
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), Math.floor(minutes / 60) === 1 ? "hora" : "horas"]
        : [Math.floor(minutes / 1440), "días"];
  if (minutes === 0) return "ahora";
  return diff > 0 ? `en ${amount} ${unit}` : `hace ${amount} ${unit}`;
}
