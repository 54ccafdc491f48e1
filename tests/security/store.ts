import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPostgres, type PostgresCluster } from "../support/postgres";
import { freePort } from "../support/free-port";
import { waitUntilAnswering } from "../support/wait-until-answering";

/**
 * A store of its own for the web's security tests: the built API and web (`npm run build`) on a
 * real PostgreSQL, started and stopped by the tests, so floods, locks and a stopped API touch no
 * other test's store.
 */
export interface SecurityStore {
  webUrl: string;
  apiUrl: string;
  /** A connection URL to the store's database, to lock its tables. */
  databaseUrl: string;
  /** Resident memory of the web process, in bytes. */
  webMemory(): number;
  /** What the web process has written to its standard output and error so far. */
  webOutput(): string;
  /**
   * A second web process on the same API, as deployed behind a load balancer on 127.0.0.1
   * (WEB_TRUSTED_PROXIES): it believes that proxy's X-Forwarded-For and X-Forwarded-Host.
   */
  startProxiedWeb(): Promise<{ url: string; stop(): Promise<void> }>;
  stopApi(): Promise<void>;
  /** Shuts PostgreSQL down under the running API (`pg_ctl stop -m fast`), and starts it again. */
  stopDatabase(): Promise<void>;
  startDatabase(): Promise<void>;
  stop(): Promise<void>;
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

function run(script: string, env: NodeJS.ProcessEnv): { child: ChildProcess; output: string[] } {
  const output: string[] = [];
  const child = spawn(process.execPath, [script], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

export async function startSecurityStore(): Promise<SecurityStore> {
  const cluster: PostgresCluster = await startPostgres();
  const dataDir = mkdtempSync(path.join(tmpdir(), "mp-seguridad-"));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    API_HOST: "127.0.0.1",
    API_PORT: String(apiPort),
    API_URL: apiUrl,
    PUBLIC_API_URL: apiUrl,
    HOST: "127.0.0.1",
    PORT: String(webPort),
    PUBLIC_WEB_URL: webUrl,
    SESSION_SECRET: "secreto-de-sesion-de-seguridad",
    JWT_SECRET: "secreto-jwt-de-seguridad",
    CHECK_API_ANSWERS: "1",
  };
  const api = run("build/api/main.js", env);
  await waitUntilAnswering(`${apiUrl}/health`, api.child, () => api.output.join(""));
  const web = run("build/web/server.js", env);
  await waitUntilAnswering(`${webUrl}/about`, web.child, () => web.output.join(""));
  const extraWebs: ChildProcess[] = [];
  return {
    webUrl,
    apiUrl,
    databaseUrl: cluster.url,
    webMemory() {
      const status = readFileSync(`/proc/${web.child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    },
    webOutput: () => web.output.join(""),
    async startProxiedWeb() {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const proxied = run("build/web/server.js", {
        ...env,
        PORT: String(port),
        PUBLIC_WEB_URL: "https://tienda.example",
        WEB_TRUSTED_PROXIES: "127.0.0.1",
      });
      extraWebs.push(proxied.child);
      await waitUntilAnswering(`${url}/about`, proxied.child, () => proxied.output.join(""));
      return { url, stop: () => stopProcess(proxied.child) };
    },
    stopApi: () => stopProcess(api.child),
    stopDatabase: () => cluster.shutDown(),
    startDatabase: () => cluster.restart(),
    async stop() {
      await Promise.all([stopProcess(web.child), stopProcess(api.child), ...extraWebs.map(stopProcess)]);
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
