import { describe, expect, it } from "vitest";
import { regionCookieHeader } from "~/services/region.server";
import { dateTime, regionTimes, requestRegion, withRequestRegion } from "~/services/times.server";
import { safeReturnPath } from "~/services/region-choice.server";

// 04:58 UTC on 29 November 2026: winter in Madrid (UTC+1), New York on EST (UTC-5).
const DEADLINE = "2026-11-29T09:58:00.000Z";
const NOW = Date.parse("2026-11-29T09:30:00.000Z");

describe("regionTimes", () => {
  it("names each region's clock", () => {
    expect(regionTimes("ve", NOW).clock(DEADLINE)).toBe("05:58, hora de Caracas");
    expect(regionTimes("es", NOW).clock(DEADLINE)).toBe("10:58, hora de Madrid");
    expect(regionTimes("us", NOW).clock(DEADLINE)).toBe("04:58, hora de Nueva York");
  });

  it("says how long a deadline has left at render time", () => {
    expect(regionTimes("ve", NOW).deadline(DEADLINE)).toEqual({ at: "05:58, hora de Caracas", left: "en 28 minutos" });
  });

  it("writes dates in the region's day", () => {
    // 02:30 UTC on the 29th is still the 28th in Caracas.
    expect(regionTimes("ve", NOW).dateTime("2026-11-29T02:30:00.000Z")).toBe(
      "28 de noviembre de 2026 a las 22:30, hora de Caracas",
    );
  });
});

describe("the request's region", () => {
  it("formats every time in the region of the request it runs in, Madrid outside one", async () => {
    const cookie = (await regionCookieHeader("ve")).split(";")[0]!;
    const request = new Request("http://127.0.0.1/dashboard", { headers: { Cookie: cookie } });
    // Two requests at once keep their own regions across awaits.
    const [caracas, madrid] = await Promise.all([
      withRequestRegion(request, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return [requestRegion(), dateTime(DEADLINE)];
      }),
      withRequestRegion(new Request("http://127.0.0.1/"), async () => [requestRegion(), dateTime(DEADLINE)]),
    ]);
    expect(caracas).toEqual(["ve", "29 de noviembre de 2026 a las 05:58, hora de Caracas"]);
    expect(madrid).toEqual(["es", "29 de noviembre de 2026 a las 10:58, hora de Madrid"]);
    expect(dateTime(DEADLINE)).toBe("29 de noviembre de 2026 a las 10:58, hora de Madrid");
  });
});

describe("safeReturnPath", () => {
  it("keeps paths on this site", () => {
    expect(safeReturnPath("/payment?orderId=abc")).toBe("/payment?orderId=abc");
  });

  it("sends anything else home", () => {
    for (const value of [null, "", "https://evil.example", "//evil.example", "/\\evil.example", "evil", "/a\nb"])
      expect(safeReturnPath(value)).toBe("/");
  });
});
