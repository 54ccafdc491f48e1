import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";

export interface Config {
  dataDir: string;
  databaseUrl: string | undefined;
  apiHost: string;
  apiPort: number;
  /** Address the browser uses to reach the API (images, socket.io). */
  publicApiUrl: string;
  webHost: string;
  webPort: number;
  publicWebUrl: string;
  /** How long an API instance reuses catalogue-wide reads (categories, price range, filter options). */
  catalogueCacheSeconds: number;
  secrets: Secrets;
}

export interface Secrets {
  jwtSecret: string;
  sessionSecret: string;
}

function integer(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} debe ser un número entero: ${raw}`);
  return value;
}

/**
 * Secrets come from the environment when set; otherwise they are generated once
 * and kept in DATA_DIR so sessions survive restarts without a hard-coded value.
 */
function loadSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, "secrets.json");
  const stored: Partial<Secrets> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const secrets: Secrets = {
    jwtSecret: process.env.JWT_SECRET || stored.jwtSecret || randomBytes(32).toString("hex"),
    sessionSecret: process.env.SESSION_SECRET || stored.sessionSecret || randomBytes(32).toString("hex"),
  };
  if (stored.jwtSecret !== secrets.jwtSecret || stored.sessionSecret !== secrets.sessionSecret) {
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

export function loadConfig(): Config {
  // A .env file, when present, fills in what the environment leaves unset.
  if (existsSync(".env")) process.loadEnvFile(".env");
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  mkdirSync(dataDir, { recursive: true });
  const apiHost = process.env.API_HOST || "127.0.0.1";
  const apiPort = integer("API_PORT", 4000);
  const webHost = process.env.HOST || "127.0.0.1";
  const webPort = integer("PORT", 3000);
  return {
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    apiHost,
    apiPort,
    publicApiUrl: process.env.PUBLIC_API_URL || process.env.API_URL || `http://${apiHost}:${apiPort}`,
    webHost,
    webPort,
    publicWebUrl: process.env.PUBLIC_WEB_URL || `http://${webHost}:${webPort}`,
    catalogueCacheSeconds: integer("CATALOGUE_CACHE_SECONDS", 30),
    secrets: loadSecrets(dataDir),
  };
}

/** The environment `npm start` and `npm run dev` hand the API and web processes they run. */
export function childProcessEnv(config: Config): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: config.dataDir,
    JWT_SECRET: config.secrets.jwtSecret,
    SESSION_SECRET: config.secrets.sessionSecret,
    API_URL: process.env.API_URL || `http://${config.apiHost}:${config.apiPort}`,
    PUBLIC_API_URL: config.publicApiUrl,
    PUBLIC_WEB_URL: config.publicWebUrl,
    HOST: config.webHost,
    PORT: String(config.webPort),
  };
}
