import { createCookieSessionStorage, redirect, type Session } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { webEnv } from "./env.server";

export type FlashKind = "success" | "error";
export interface Flash {
  kind: FlashKind;
  message: string;
}

/** One httpOnly SameSite=Lax cookie; secrets rotate by listing the new one first in SESSION_SECRET. */
const sessionStorage = createCookieSessionStorage({
  cookie: {
    name: "__mp_session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: webEnv.production && webEnv.publicWebUrl.startsWith("https:"),
    secrets: webEnv.sessionSecrets.length > 0 ? webEnv.sessionSecrets : [randomBytes(32).toString("hex")],
  },
});

export function getSession(request: Request): Promise<Session> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** A successful POST ends here: the message is shown once on the page redirected to. */
export async function redirectWithFlash(request: Request, to: string, flash: Flash): Promise<Response> {
  const session = await getSession(request);
  session.flash("flash", flash);
  return redirect(to, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
}

/** Reads and consumes the pending flash message, returning the cookie that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; headers: HeadersInit | undefined }> {
  const session = await getSession(request);
  const flash = (session.get("flash") as Flash | undefined) ?? null;
  return { flash, headers: flash ? { "Set-Cookie": await sessionStorage.commitSession(session) } : undefined };
}
