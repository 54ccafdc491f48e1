import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { fileURLToPath } from "node:url";

/**
 * The web's production server (bundled to build/web/server.js): express serves the built browser
 * files and hands every other request to Remix, telling it the address of the socket it came from.
 */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The TCP peer of the request; never a client-sent header, so it cannot be forged. */
    clientAddress?: string;
  }
}

const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT || 3000);
/** How long open connections may take to finish after SIGTERM before the process quits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

// Resolved at run time next to the bundle, so the Remix build is not bundled into this file.
const build = (await import(new URL("../server/index.js", import.meta.url).href)) as ServerBuild;
const clientDir = fileURLToPath(new URL("../client", import.meta.url));

const app = express();
app.disable("x-powered-by");
app.use(compression());
// Remix flushes after every chunk it streams when the response can flush, which compression makes
// possible: each flush closes a deflate block, and the home page went out at 60 KB instead of 17.
// Without it zlib sends full blocks as they fill and the rest at the end.
app.use((_request, response, next) => {
  delete (response as { flush?: unknown }).flush;
  next();
});
// File names under assets/ carry a content hash, so browsers may keep them forever.
app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y" }));
app.use(express.static(clientDir, { maxAge: "1h" }));
app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req) => ({ clientAddress: req.socket.remoteAddress }),
  }),
);

const server = app.listen(port, host, () => {
  console.log(`Web de Mercado Pádel escuchando en http://${host}:${port}`);
});

process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
});
