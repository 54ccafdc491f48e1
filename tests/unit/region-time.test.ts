import { describe, expect, it } from "vitest";
import {
  formatDateForRegion,
  REGION_ZONES,
  REGIONS,
  regionClockTime,
  regionOfTimeZone,
  regionShortDateTime,
  timeFromNow,
} from "#contract/region-time";

describe("la hora en la zona de cada región", () => {
  it("nombra la zona junto a la hora", () => {
    expect(formatDateForRegion("2026-11-22T14:05:00.000Z", "ve")).toBe(
      "22 de noviembre de 2026 a las 10:05, hora de Caracas",
    );
    expect(formatDateForRegion("2026-11-22T14:05:00.000Z", "es")).toBe(
      "22 de noviembre de 2026 a las 15:05, hora de Madrid",
    );
    expect(formatDateForRegion("2026-11-22T14:05:00.000Z", "us")).toBe(
      "22 de noviembre de 2026 a las 09:05, hora de Nueva York",
    );
  });

  for (const region of REGIONS) {
    it(`coincide con Intl en ${REGION_ZONES[region].timeZone} cada 50 minutos de 2017 a 2030`, () => {
      const intl = new Intl.DateTimeFormat("es-ES", {
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: REGION_ZONES[region].timeZone,
      });
      const start = Date.UTC(2017, 0, 1);
      const end = Date.UTC(2031, 0, 1);
      for (let instant = start; instant < end; instant += 50 * 60_000) {
        const iso = new Date(instant).toISOString();
        const parts = Object.fromEntries(intl.formatToParts(instant).map((part) => [part.type, part.value]));
        const clock = `${parts.hour}:${parts.minute}`;
        if (regionClockTime(region, iso) !== clock)
          expect(`${iso} ${regionClockTime(region, iso)}`).toBe(`${iso} ${clock}`);
        const month = [
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
        ][Number(parts.month) - 1];
        const expected = `${Number(parts.day)} de ${month} de ${parts.year} a las ${clock}, ${REGION_ZONES[region].zoneName}`;
        const actual = formatDateForRegion(iso, region);
        if (actual !== expected) expect(actual).toBe(expected);
      }
    });
  }
});

describe("cuánto falta", () => {
  const now = Date.parse("2026-11-28T10:00:00.000Z");
  it("dice minutos, horas o días, hacia delante o hacia atrás", () => {
    expect(timeFromNow("2026-11-28T10:28:30.000Z", now)).toBe("en 28 minutos");
    expect(timeFromNow("2026-11-28T10:01:00.000Z", now)).toBe("en 1 minuto");
    expect(timeFromNow("2026-11-28T12:10:00.000Z", now)).toBe("en 2 horas");
    expect(timeFromNow("2026-11-28T09:55:00.000Z", now)).toBe("hace 5 minutos");
    expect(timeFromNow("2026-11-28T09:00:00.000Z", now)).toBe("hace 1 hora");
    expect(timeFromNow("2026-12-01T10:00:00.000Z", now)).toBe("en 3 días");
    expect(timeFromNow("2026-11-28T10:00:20.000Z", now)).toBe("ahora");
  });
});

describe("la región de la zona del navegador", () => {
  it("reconoce las zonas de las tres regiones y ninguna otra", () => {
    expect(regionOfTimeZone("America/Caracas")).toBe("ve");
    expect(regionOfTimeZone("Atlantic/Canary")).toBe("es");
    expect(regionOfTimeZone("Europe/Madrid")).toBe("es");
    for (const zone of ["America/New_York", "America/Los_Angeles", "America/Indiana/Indianapolis", "Pacific/Honolulu"])
      expect(regionOfTimeZone(zone), zone).toBe("us");
    for (const zone of ["America/Bogota", "Europe/Lisbon", "UTC", "America/New_York_x", ""])
      expect(regionOfTimeZone(zone), zone).toBeNull();
  });

  it("cada zona propia de una región se lee en ella", () => {
    for (const region of REGIONS) expect(regionOfTimeZone(REGION_ZONES[region].timeZone)).toBe(region);
  });

  it("la fecha corta de una notificación en Caracas", () => {
    expect(regionShortDateTime("ve", "2026-11-22T02:05:00.000Z")).toBe("21/11/2026, 22:05");
  });
});
