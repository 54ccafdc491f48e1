import { describe, expect, it } from "vitest";
import { DEVICE_TOKEN_TTL_SECONDS, issueDeviceToken, verifiedDevice } from "../../api/src/modules/accounts/device";

/** The API's device tokens (decision 0032) on their own: whose they are and how long they last. */
const SECRET = "secreto-de-prueba";
const EMAIL = "clara@example.com";

describe("token de dispositivo", () => {
  it("vale para su correo, escriba como se escriba, y da el mismo dispositivo", () => {
    const token = issueDeviceToken(SECRET, EMAIL);
    const device = verifiedDevice(SECRET, token, EMAIL);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(token.startsWith(`${device}.`)).toBe(true);
    expect(verifiedDevice(SECRET, token, "Clara@Example.com")).toBe(device);
  });

  it("no vale para otro correo ni con otro secreto", () => {
    const token = issueDeviceToken(SECRET, EMAIL);
    expect(verifiedDevice(SECRET, token, "otra@example.com")).toBeNull();
    expect(verifiedDevice("otro-secreto", token, EMAIL)).toBeNull();
  });

  it("caduca al año de emitirse", () => {
    const issuedAt = Date.UTC(2026, 0, 1);
    const token = issueDeviceToken(SECRET, EMAIL, issuedAt);
    const lastMoment = issuedAt + DEVICE_TOKEN_TTL_SECONDS * 1000 - 1000;
    expect(verifiedDevice(SECRET, token, EMAIL, lastMoment)).not.toBeNull();
    expect(verifiedDevice(SECRET, token, EMAIL, lastMoment + 1000)).toBeNull();
  });

  it("dos inicios de sesión dan dos dispositivos distintos", () => {
    const first = verifiedDevice(SECRET, issueDeviceToken(SECRET, EMAIL), EMAIL);
    const second = verifiedDevice(SECRET, issueDeviceToken(SECRET, EMAIL), EMAIL);
    expect(first).not.toBe(second);
  });

  it("lo que no tiene su forma, o es demasiado largo, no se mira", () => {
    const token = issueDeviceToken(SECRET, EMAIL);
    for (const odd of [undefined, "", "a.b.c", `${token}.`, ` ${token}`, token + "x".repeat(200)])
      expect(verifiedDevice(SECRET, odd, EMAIL)).toBeNull();
  });
});
