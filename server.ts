import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { Transform } from "node:stream";
import { fileURLToPath } from "node:url";
import type * as AppEntry from "./app/entry.server";
import { bodyLimitFor } from "./app/services/body-limits.server";
import { webEnv } from "./app/services/env.server";
import { PLAIN_PAGES, plainPageHtml, type PlainPage } from "./app/services/plain-page.server";

/**
 * The web's server, the same in production (bundled to build/web/server.js) and in development
 * (`npm run dev` runs this file with Vite's middleware). At the door it sets the security headers,
 * refuses what no page of the store accepts (unknown methods, posts from other sites, oversized
 * bodies), serves static files, then hands every other request to Remix with its load context
 * (session, API client, request id, CSP nonce), whose session and flash cookies are written once
 * after Remix has answered.
 */

/** How long open connections may take to finish after SIGTERM before the process quits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

const vite = webEnv.production
  ? null
  : await import("vite").then(({ createServer }) => createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable("x-powered-by");
// X-Forwarded-For, -Host and -Proto count only from the proxies in front of the web (README).
app.set("trust proxy", webEnv.trustedProxies.length > 0 ? webEnv.trustedProxies : false);
const trustsProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;

app.use((_request, response, next) => {
  response.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});

const https = webEnv.publicWebUrl.startsWith("https:");
const apiOrigin = new URL(webEnv.publicApiUrl).origin;
const apiSocketOrigin = apiOrigin.replace(/^http/, "ws");
app.use(
  helmet({
    // Vite's development server injects its own inline scripts: the policy is for what is deployed.
    contentSecurityPolicy: webEnv.production
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            // Remix's inline scripts carry this response's nonce; nothing else inline runs.
            scriptSrc: ["'self'", (_request, response) => `'nonce-${(response as express.Response).locals.cspNonce}'`],
            scriptSrcAttr: ["'none'"],
            // Style attributes draw the rating bars; styles cannot run code.
            styleSrc: ["'self'", "'unsafe-inline'"],
            // blob: the previews of the images a seller chose, read from the files in the browser.
            imgSrc: ["'self'", "data:", "blob:", apiOrigin],
            // The bell's socket.io connection to the API (polling, then a WebSocket).
            connectSrc: ["'self'", apiOrigin, apiSocketOrigin],
            fontSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            frameAncestors: ["'none'"],
            // No form-action: signing in with Google and paying with PayPal are form posts answered
            // by a redirect to the provider, which form-action would block.
            ...(https ? { upgradeInsecureRequests: [] } : {}),
          },
        }
      : false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  }),
);
app.use((_request, response, next) => {
  response.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  next();
});

app.use(compression());
// Remix flushes after every chunk it streams when the response can flush, which compression makes
// possible: each flush closes a deflate block, and the home page went out at 60 KB instead of 17.
// Without it zlib sends full blocks as they fill and the rest at the end.
app.use((_request, response, next) => {
  delete (response as { flush?: unknown }).flush;
  next();
});

function refuse(response: express.Response, page: PlainPage, headers: Record<string, string> = {}): void {
  response
    .status(page.status)
    .set({ ...headers, "Cache-Control": "no-store" })
    .type("html")
    .send(plainPageHtml(page));
}

/** How long the rest of a refused body is read, and dropped, after the answer at most. */
const OVERSIZED_LINGER_MS = 10_000;

/**
 * The rest of a body nobody will read: a post refused at the door, or an upload its page refused
 * before its end (app/services/uploads.server.ts). Its sender is usually still writing it: closing
 * the connection at once resets it under the sender, which then reports the reset instead of the
 * answer (a browser's error page, EPIPE in a script). So, as web servers do, the rest is read and
 * dropped, never kept, for a few seconds at most; then the connection closes.
 */
function dropRest(request: express.Request): void {
  request.unpipe();
  request.resume();
  const socket = request.socket;
  const cutOff = setTimeout(() => socket.destroy(), OVERSIZED_LINGER_MS);
  cutOff.unref();
  const drained = () => {
    clearTimeout(cutOff);
    socket.off("close", drained);
  };
  request.once("end", drained);
  socket.once("close", drained);
}

/** A 413 for a body over the page's limit, its rest dropped. */
function refuseTooLarge(request: express.Request, response: express.Response): void {
  refuse(response, PLAIN_PAGES.tooLarge);
  dropRest(request);
}

/** The origins this request may come from: the store's public address, and the address the browser used. */
function ownOrigins(request: express.Request): Set<string> {
  const forwardedHost = trustsProxy(request.socket.remoteAddress ?? "", 0)
    ? request.get("x-forwarded-host")?.split(",")[0]?.trim()
    : undefined;
  return new Set([
    new URL(webEnv.publicWebUrl).origin,
    `${request.protocol}://${forwardedHost || request.get("host")}`,
  ]);
}

/**
 * Whether a POST comes from the store's own pages. Browsers say where a request comes from on every
 * cross-site POST, and each header they send must agree: Sec-Fetch-Site same-origin (or none), and
 * an Origin that is one of ownOrigins. Sec-Fetch-Site alone says same-origin for the page of any
 * address the browser is on, such as a proxy's that rewrites Host, whose Origin is neither the
 * store's nor the one Host names (issue 31). A request with neither header is no browser's
 * cross-site form.
 */
function fromOwnPages(request: express.Request): boolean {
  const site = request.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = request.get("origin");
  return origin === undefined || ownOrigins(request).has(origin);
}

// Every page reads with GET and changes things with a form's POST: nothing else reaches Remix.
app.use((request, response, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  if (request.method !== "POST") return refuse(response, PLAIN_PAGES.methodNotAllowed, { Allow: "GET, HEAD, POST" });
  if (!fromOwnPages(request)) return refuse(response, PLAIN_PAGES.crossSite);
  const limit = bodyLimitFor(request.path);
  if (Number(request.get("content-length") ?? 0) > limit) return refuseTooLarge(request, response);
  response.locals.bodyLimit = limit;
  next();
});

let build: ServerBuild | (() => Promise<ServerBuild>);
if (vite) {
  app.use(vite.middlewares);
  // Loaded again on every request, so a change to the app shows at once.
  build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
} else {
  const clientDir = fileURLToPath(new URL("../client", import.meta.url));
  // File names under assets/ carry a content hash, so browsers may keep them forever.
  app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y" }));
  // The few files beside them (the favicon) are listed once at start: a page's address is never
  // looked up on disk (a stat on every request was 2 % of the web's time under load).
  const rootFiles = new Set(
    readdirSync(clientDir)
      .filter((name) => name !== "assets")
      .map((name) => `/${name}`),
  );
  const serveRootFile = express.static(clientDir, { maxAge: "1h" });
  app.use((request, response, next) => (rootFiles.has(request.path) ? serveRootFile(request, response, next) : next()));
  // Resolved at run time next to the bundle, so the Remix build is not bundled into this file.
  build = (await import(new URL("../server/index.js", import.meta.url).href)) as ServerBuild;
}
const handleRequest = createRequestHandler(build, webEnv.production ? "production" : "development");

/** The app's entry (app/entry.server.tsx) of the build in use, which makes and finishes each request's context. */
async function appEntry(): Promise<typeof AppEntry> {
  const current = typeof build === "function" ? await build() : build;
  return current.entry.module as unknown as typeof AppEntry;
}

/**
 * The browser's request as a Fetch Request, aborted when the browser goes away before the answer.
 * A body sent without a length is counted as it streams: past the page's limit it is cut off and
 * `overLimit` says so.
 */
function toFetchRequest(req: express.Request, res: express.Response): { request: Request; overLimit: () => boolean } {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // A POST's Origin was judged at the door (fromOwnPages). Remix judges it again with less to go
    // on: it compares it with Host, or with any X-Forwarded-Host, trusted or not, knows nothing of
    // the public address, and throws (a 500) where it disagrees, as for a post from the public
    // address through a proxy that rewrites Host.
    if (name === "origin" && req.method === "POST") continue;
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  let tooLarge = false;
  if (req.method === "POST") {
    const limit = res.locals.bodyLimit as number;
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received <= limit) return done(null, chunk);
        tooLarge = true;
        done(new Error("Cuerpo de la petición demasiado grande"));
      },
    });
    init.body = createReadableStreamFromReadable(req.pipe(counted));
    init.duplex = "half";
  }
  const request = new Request(
    new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? `${webEnv.host}:${webEnv.port}`}`),
    init,
  );
  return { request, overLimit: () => tooLarge };
}

async function send(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.append(name, value);
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

app.all("*", async (req, res, next) => {
  try {
    const { createRequestContext, finishResponse, withRequestId, withRequestRegion, sharedPage } = await appEntry();
    const requestId = randomUUID();
    const { request, overLimit } = toFetchRequest(req, res);
    const transport = { requestId, clientAddress: req.ip, cspNonce: res.locals.cspNonce as string };
    // Development draws every page: a kept one would hide a change to the code.
    const shared = webEnv.production ? await sharedPage(request, { ...transport, signal: request.signal }) : null;
    if (shared?.kept) {
      shared.kept.headers.set("x-request-id", requestId);
      return await send(res, shared.kept);
    }
    const context: AppLoadContext = await createRequestContext(request, transport);
    try {
      // The shopper's region (its cookie) for every time the page formats (app/services/times.server.ts).
      const response = await withRequestId(requestId, () =>
        withRequestRegion(request, () => handleRequest(request, context)),
      );
      if (overLimit()) return refuseTooLarge(req, res);
      // An upload its page refused before its end (uploads.server.ts): the rest is never read.
      if (!req.complete) dropRest(req);
      const finished = await finishResponse(context, response);
      await send(res, shared ? await shared.keep(finished, context.api) : finished);
    } finally {
      // Its uploaded files, sent on to the API or refused, are no longer needed.
      await context.uploads.dispose();
    }
  } catch (error) {
    next(error);
  }
});

// The last word on anything that failed outside Remix: a Spanish page, never Express's own.
app.use((error: unknown, request: express.Request, response: express.Response, next: express.NextFunction) => {
  if (response.headersSent) return next(error);
  console.error(`[web] ${request.method} ${request.path}:`, error);
  refuse(response, PLAIN_PAGES.failure);
});

const server = app.listen(webEnv.port, webEnv.host, () => {
  console.log(`Web de Mercado Pádel escuchando en http://${webEnv.host}:${webEnv.port}`);
});

process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
});
