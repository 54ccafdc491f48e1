import { describe, expect, it } from "vitest";
import { regionClockTime, regionShortDateTime } from "#contract/region-time";
import {
  calendarDateLong,
  calendarDay,
  chartDay,
  dayOfMonth,
  longDate,
  monthLabel,
  storeMonth,
} from "#contract/store-time";

describe("las fechas escritas sin Intl", () => {
  // Intl with the time zone data is the reference: store-time.ts writes Madrid's rule by hand.
  const zone = { timeZone: "Europe/Madrid" } as const;
  const clock = new Intl.DateTimeFormat("es-ES", { hour: "2-digit", minute: "2-digit", hour12: false, ...zone });
  const short = new Intl.DateTimeFormat("es-ES", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    ...zone,
  });
  const long = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", year: "numeric", ...zone });
  const calendar = new Intl.DateTimeFormat("es-ES", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
  const chart = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "short", timeZone: "UTC" });
  const ofMonth = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", timeZone: "UTC" });
  const ofYear = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const yearMonth = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", ...zone });
  const monthName = new Intl.DateTimeFormat("es-ES", { month: "long", year: "numeric", timeZone: "UTC" });

  it("coinciden con Intl en Madrid cada hora (y media) de 2024 a 2028, cambios de hora incluidos", () => {
    for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2029, 0, 1); at += 90 * 60_000 + 7_000) {
      const iso = new Date(at).toISOString();
      expect(regionClockTime("es", iso)).toBe(clock.format(at));
      expect(regionShortDateTime("es", iso)).toBe(short.format(at));
      expect(longDate(iso)).toBe(long.format(at));
      expect(storeMonth(iso)).toBe(yearMonth.format(at));
    }
  });

  it("cambian de hora justo a la 01:00 UTC del último domingo de marzo y de octubre", () => {
    expect(regionClockTime("es", "2026-03-29T00:59:00.000Z")).toBe("01:59");
    expect(regionClockTime("es", "2026-03-29T01:00:00.000Z")).toBe("03:00");
    expect(regionClockTime("es", "2026-10-25T00:59:00.000Z")).toBe("02:59");
    expect(regionClockTime("es", "2026-10-25T01:00:00.000Z")).toBe("02:00");
  });

  it("un día del calendario se escribe con su día de la semana, como Intl", () => {
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 86_400_000) {
      const day = new Date(at).toISOString().slice(0, 10);
      expect(calendarDay(day)).toBe(calendar.format(at));
      expect(chartDay(day)).toBe(chart.format(at));
      expect(dayOfMonth(day)).toBe(ofMonth.format(at));
      expect(calendarDateLong(day)).toBe(ofYear.format(at));
    }
  });

  it("un mes del extracto se escribe como Intl, y cambia con la medianoche de Madrid", () => {
    for (let month = 0; month < 24; month++) {
      const at = Date.UTC(2026, month, 1);
      expect(monthLabel(new Date(at).toISOString().slice(0, 7))).toBe(monthName.format(at));
    }
    expect(storeMonth("2026-11-30T22:59:00.000Z")).toBe("2026-11");
    expect(storeMonth("2026-11-30T23:00:00.000Z")).toBe("2026-12");
  });
});
