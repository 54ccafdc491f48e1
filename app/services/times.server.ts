import { AsyncLocalStorage } from "node:async_hooks";
import {
  formatDateForRegion,
  REGION_ZONES,
  regionClockTime,
  regionShortDateTime,
  type Region,
  timeFromNow,
} from "#contract/region-time";
import { readChosenRegion } from "./region.server";

/**
 * Every time of day a page shows is in the shopper's region (decision 0039). The region is the
 * request's cookie, read once: server.ts runs each request inside `withRequestRegion`, so a
 * service formats a date without the request being passed down to it. Outside a request (a unit
 * test calling a service) it is Spain, the store's home.
 */
const currentRegion = new AsyncLocalStorage<Region | null>();

export async function withRequestRegion<T>(request: Request, work: () => Promise<T>): Promise<T> {
  return currentRegion.run(await readChosenRegion(request), work);
}

/** The request's region: the header's marked flag. */
export function requestRegion(): Region {
  return currentRegion.getStore() ?? "es";
}

/** Whether this browser chose a region (a flag, or its own zone once): else it reads Spain's by default. */
export function regionWasChosen(): boolean {
  return (currentRegion.getStore() ?? null) !== null;
}

/** The formats for one region at one instant (`now`, so «en 28 minutos» is true when the page is sent). */
export function regionTimes(region: Region, now: number = Date.now()) {
  const zoneName = REGION_ZONES[region].zoneName;
  return {
    /** '05:58, hora de Caracas' */
    clock: (iso: string) => `${regionClockTime(region, iso)}, ${zoneName}`,
    /** '22 de noviembre de 2026 a las 10:05, hora de Caracas' */
    dateTime: (iso: string) => formatDateForRegion(iso, region),
    /** '22/11/2026, 10:05': a row of a list (the page names the zone once, in the header). */
    shortDateTime: (iso: string) => regionShortDateTime(region, iso),
    /** A deadline: its clock time, named, and how long is left ('en 28 minutos'). */
    deadline: (iso: string) => ({ at: `${regionClockTime(region, iso)}, ${zoneName}`, left: timeFromNow(iso, now) }),
  };
}

/** '22 de noviembre de 2026 a las 10:05, hora de Caracas', in the request's region. */
export function dateTime(iso: string): string {
  return regionTimes(requestRegion()).dateTime(iso);
}

/** '22/11/2026, 10:05', in the request's region. */
export function shortDateTime(iso: string): string {
  return regionTimes(requestRegion()).shortDateTime(iso);
}

/** A deadline in the request's region: '05:58, hora de Caracas' and 'en 28 minutos'. */
export function deadline(iso: string): { at: string; left: string } {
  return regionTimes(requestRegion()).deadline(iso);
}
