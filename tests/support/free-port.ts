import { createServer } from "node:net";

/**
 * Ports below Linux's ephemeral range (32768 on): the system never gives one of these to an outgoing
 * connection. A port the system picked itself (`listen(0)`) could be taken, between this check and
 * the server's own listen, by a connection made meanwhile (the API's to PostgreSQL while it starts),
 * and the server then failed with EADDRINUSE.
 */
const FIRST_PORT = 20_000;
const PORTS = 12_000;
const ATTEMPTS = 50;
/** Ports already handed out by this process: its servers may not be listening yet. */
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A loopback port nobody listens on right now, for a server a test starts. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORTS);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await canListen(port)) return port;
    handedOut.delete(port);
  }
  throw new Error(`Ningún puerto libre entre ${FIRST_PORT} y ${FIRST_PORT + PORTS - 1}`);
}
