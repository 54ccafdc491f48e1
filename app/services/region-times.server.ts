import { formatDateForRegion, REGION_ZONES, regionClockTime, type Region, timeFromNow } from "#contract/region-time";
import { readRegion } from "./region.server";

/**
 * Every time a page shows, in the shopper's region and named (decision 0039): the one place pages
 * format times. `now` is the render's instant, so «en 28 minutos» is true when the page is sent.
 */
export function regionTimes(region: Region, now: number = Date.now()) {
  const zoneName = REGION_ZONES[region].zoneName;
  return {
    region,
    /** '05:58, hora de Caracas' */
    clock: (iso: string) => `${regionClockTime(region, iso)}, ${zoneName}`,
    /** '22 de noviembre de 2026 a las 10:05, hora de Caracas' */
    dateTime: (iso: string) => formatDateForRegion(iso, region),
    /** A deadline: its clock time, named, and how long is left ('en 28 minutos'). */
    deadline: (iso: string) => ({ at: `${regionClockTime(region, iso)}, ${zoneName}`, left: timeFromNow(iso, now) }),
  };
}

export type RegionTimes = ReturnType<typeof regionTimes>;

/** The formatter for the request's region (its cookie). */
export async function requestTimes(request: Request): Promise<RegionTimes> {
  return regionTimes(await readRegion(request));
}
