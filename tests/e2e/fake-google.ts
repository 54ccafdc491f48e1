import { randomBytes } from "node:crypto";
import { createServer } from "node:http";

/**
 * A stand-in for Google's OAuth endpoints, for the end-to-end tests. /authorize shows an account
 * chooser (a plain form, so it works with JavaScript off) where the test types who signs in.
 */
interface Identity {
  sub: string;
  email: string;
  name: string;
}

const port = Number(process.env.FAKE_GOOGLE_PORT || 4390);
const codes = new Map<string, Identity>();
const accessTokens = new Map<string, Identity & { clientId: string }>();

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function chooserPage(query: URLSearchParams): string {
  const hidden = ["redirect_uri", "state"]
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? "")}">`)
    .join("");
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Google de pruebas</title></head><body>
<form method="get" action="/authorize/approve">${hidden}
<label>Correo de Google <input name="email" type="email" required></label>
<label>Nombre en Google <input name="name" required></label>
<button type="submit">Autorizar</button>
</form></body></html>`;
}

async function readBody(request: import("node:http").IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
  const json = (status: number, value: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(value));
  };

  if (url.pathname === "/health") return json(200, { ok: true });

  if (url.pathname === "/authorize") {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    return response.end(chooserPage(url.searchParams));
  }

  if (url.pathname === "/authorize/approve") {
    const email = url.searchParams.get("email") ?? "";
    const code = randomBytes(16).toString("hex");
    codes.set(code, { sub: `google-${email}`, email, name: url.searchParams.get("name") ?? "" });
    const back = new URL(url.searchParams.get("redirect_uri") ?? "");
    back.searchParams.set("code", code);
    back.searchParams.set("state", url.searchParams.get("state") ?? "");
    response.writeHead(302, { location: back.href });
    return response.end();
  }

  if (url.pathname === "/token" && request.method === "POST") {
    const form = new URLSearchParams(await readBody(request));
    const identity = codes.get(form.get("code") ?? "");
    if (!identity || form.get("client_secret") !== process.env.GOOGLE_CLIENT_SECRET)
      return json(400, { error: "invalid_grant" });
    codes.delete(form.get("code")!);
    const accessToken = randomBytes(24).toString("hex");
    accessTokens.set(accessToken, { ...identity, clientId: form.get("client_id") ?? "" });
    return json(200, {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3600,
      scope: "openid email profile",
    });
  }

  if (url.pathname === "/userinfo") {
    const identity = accessTokens.get((request.headers.authorization ?? "").replace(/^Bearer /i, ""));
    if (!identity) return json(401, { error: "invalid_token" });
    const { sub, email, name } = identity;
    return json(200, { sub, email, name, email_verified: true, picture: `http://127.0.0.1:${port}/picture.png` });
  }

  if (url.pathname === "/tokeninfo") {
    const identity = accessTokens.get(url.searchParams.get("access_token") ?? "");
    if (!identity) return json(400, { error: "invalid_token" });
    return json(200, {
      aud: identity.clientId,
      azp: identity.clientId,
      sub: identity.sub,
      scope: "openid email profile",
      expires_in: 3600,
    });
  }

  json(404, { error: "not_found" });
});

server.listen(port, "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
