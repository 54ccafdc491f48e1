import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import { webEnv } from "./env.server";

/*
 * Server half of the remix-utils honeypot, speaking the same field names as its <HoneypotInputs>.
 * remix-utils' own `honeypot/server` needs the optional `crypto-js` package, which this project does
 * not install, so the "valid from" timestamp is signed here with node:crypto instead.
 */
const NAME_FIELD = "name__confirm";
const VALID_FROM_FIELD = "from__confirm";

/** SESSION_SECRET (all listed secrets, so rotation keeps open forms valid); else one per process. */
const secrets = webEnv.sessionSecrets.length > 0 ? webEnv.sessionSecrets : [randomBytes(32).toString("hex")];

function sign(timestamp: string, secret: string): string {
  return createHmac("sha256", secret).update(`honeypot:${timestamp}`).digest("base64url");
}

/** Props for <HoneypotProvider>: the trap field's name and when the form was rendered, signed. */
export function honeypotInputProps(): HoneypotInputProps {
  const timestamp = String(Date.now());
  return {
    nameFieldName: NAME_FIELD,
    validFromFieldName: VALID_FROM_FIELD,
    encryptedValidFrom: `${timestamp}.${sign(timestamp, secrets[0])}`,
  };
}

function isGenuineValidFrom(value: FormDataEntryValue | null): boolean {
  if (typeof value !== "string") return false;
  const [timestamp, signature = ""] = value.split(".");
  if (!/^\d{1,15}$/.test(timestamp) || Number(timestamp) > Date.now()) return false;
  const given = Buffer.from(signature);
  return secrets.some((secret) => {
    const expected = Buffer.from(sign(timestamp, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** True when a bot filled the hidden field or the form did not come from a page we rendered. */
export function isSpam(formData: FormData): boolean {
  return formData.get(NAME_FIELD) !== "" || !isGenuineValidFrom(formData.get(VALID_FROM_FIELD));
}
