import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../support/free-port";
import { startPostgres, type PostgresCluster } from "../support/postgres";
import { waitUntilAnswering } from "../support/wait-until-answering";

/**
 * Several API and web instances of the built store (`npm run build`) on one real PostgreSQL, as
 * deployed behind a load balancer: web i calls API i, and its browsers open their live
 * notifications socket on API i too. Each process has a data folder of its own; they share the
 * database, the secrets and the file store's folder (FILES_DIR, decision 0036: a shared volume in a
 * deployment), where an image uploaded through one API is served by the others. Started and
 * stopped by the tests and the bench.
 */
export interface StoreCluster {
  databaseUrl: string;
  apiUrls: string[];
  webUrls: string[];
  stop(): Promise<void>;
}

interface Instance {
  child: ChildProcess;
  output: string[];
  dataDir: string;
}

function startProcess(script: string, env: NodeJS.ProcessEnv, args: string[] = []): Instance {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mp-instancia-"));
  const output: string[] = [];
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...env, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output, dataDir };
}

function stopProcess({ child, dataDir }: Instance): Promise<void> {
  const exited =
    child.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  return exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
}

/** What every process of a cluster shares: the database and the secrets (the webs' sessions and forms, the APIs' tokens). */
function sharedEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    API_HOST: "127.0.0.1",
    HOST: "127.0.0.1",
    SESSION_SECRET: "secreto-de-sesion-de-las-instancias",
    JWT_SECRET: "secreto-jwt-de-las-instancias",
  };
}

/**
 * Seeds a catalogue of `products` products into an empty database with the seed's own command, its
 * pictures into `filesDir` (the file store the cluster that serves it is given).
 */
export async function seedCatalogue(databaseUrl: string, products: number, filesDir: string): Promise<void> {
  const seeding = startProcess("build/api/seed.js", { ...sharedEnv(databaseUrl), FILES_DIR: filesDir }, [
    "--products",
    String(products),
  ]);
  const code = await new Promise<number | null>((resolve) => seeding.child.once("exit", resolve));
  rmSync(seeding.dataDir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`La siembra falló:\n${seeding.output.join("")}`);
}

/**
 * `instances` APIs and as many webs, on the PostgreSQL at `databaseUrl` (left running by stop())
 * or on a fresh one of their own (the APIs seed the demo store into it; stop() deletes it). The
 * APIs share the file store at `filesDir` (left as it is by stop()), or one of their own.
 */
export async function startStoreCluster(options: {
  instances: number;
  databaseUrl?: string;
  filesDir?: string;
}): Promise<StoreCluster> {
  const postgres: PostgresCluster | null = options.databaseUrl ? null : await startPostgres();
  const databaseUrl = options.databaseUrl ?? postgres!.url;
  const ownFiles = options.filesDir ? null : mkdtempSync(path.join(tmpdir(), "mp-archivos-instancias-"));
  const started: Instance[] = [];
  const stop = async () => {
    await Promise.all(started.map(stopProcess));
    await postgres?.stop();
    if (ownFiles) rmSync(ownFiles, { recursive: true, force: true });
  };
  try {
    const shared = { ...sharedEnv(databaseUrl), FILES_DIR: options.filesDir ?? ownFiles! };
    const ports = await Promise.all(
      Array.from({ length: options.instances }, async () => ({ api: await freePort(), web: await freePort() })),
    );
    const apiUrls = ports.map(({ api }) => `http://127.0.0.1:${api}`);
    const webUrls = ports.map(({ web }) => `http://127.0.0.1:${web}`);
    const envs = ports.map(({ api, web }, index) => ({
      ...shared,
      API_PORT: String(api),
      API_URL: apiUrls[index],
      PUBLIC_API_URL: apiUrls[index],
      PORT: String(web),
      PUBLIC_WEB_URL: webUrls[index],
    }));
    // All APIs start at once, as a deployment may start them: one migrates (and seeds), the others wait for it.
    const apis = envs.map((env) => startProcess("build/api/main.js", env));
    started.push(...apis);
    await Promise.all(
      apis.map((api, index) => waitUntilAnswering(`${apiUrls[index]}/health`, api.child, () => api.output.join(""))),
    );
    const webs = envs.map((env) => startProcess("build/web/server.js", env));
    started.push(...webs);
    await Promise.all(
      webs.map((web, index) => waitUntilAnswering(`${webUrls[index]}/about`, web.child, () => web.output.join(""))),
    );
    return { databaseUrl, apiUrls, webUrls, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
