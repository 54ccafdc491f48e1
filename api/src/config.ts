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
  /** Peers whose X-Forwarded-For is believed (the web server); any other client's header is ignored. */
  trustedProxies: string[];
  accounts: AccountSettings;
  cart: CartSettings;
  orders: OrderSettings;
  payments: PaymentSettings;
  /** Places in each Saturday trial class (DESIGN.md section 3). */
  trialClass: { capacity: number };
  mail: MailSettings;
  secrets: Secrets;
}

export interface AccountSettings {
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  verifyEmailTtlHours: number;
  resetPasswordTtlMinutes: number;
  /** Google's OpenID Connect userinfo endpoint; tests point it at a local fake. */
  googleUserinfoUrl: string;
  /** Google's tokeninfo endpoint, which tells which OAuth client an access token was issued to. */
  googleTokeninfoUrl: string;
  /** Our OAuth client at Google: only its access tokens sign in (empty: Google sign-in is off). */
  googleClientId: string;
  /** Marks the refresh cookie Secure: only in production behind an https public address. */
  secureCookies: boolean;
}

export interface CartSettings {
  /** Flat shipping fee, in cents, for each shop with available lines in the cart. */
  shippingFeeCents: number;
  /** From this cart total (available lines, in cents) on, shipping is free. */
  freeShippingThresholdCents: number;
}

export interface OrderSettings {
  /** Minutes an unpaid order keeps its stock before it expires. */
  expiryMinutes: number;
  /** The platform's share of each shop order's subtotal, in percent. */
  commissionPercent: number;
}

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  /** PayPal's REST API base address (sandbox or live); tests point it at a local fake. */
  apiUrl: string;
}

export interface PaymentSettings {
  /** Null without PayPal credentials: card payments then run in the labelled test-card mode. */
  paypal: PayPalSettings | null;
}

export interface MailSettings {
  /** A nodemailer transport URL (smtp://user:pass@host:587); unset writes messages to outboxDir instead. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
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

/** A comma-separated list, blanks dropped. */
function list(name: string, fallback: string): string[] {
  return (process.env[name] ?? fallback)
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

function paypalSettings(): PayPalSettings | null {
  const clientId = process.env.PAYPAL_CLIENT_ID || "";
  const clientSecret = process.env.PAYPAL_CLIENT_SECRET || "";
  if (!clientId || !clientSecret) return null;
  return { clientId, clientSecret, apiUrl: process.env.PAYPAL_API_URL || "https://api-m.sandbox.paypal.com" };
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
  const publicApiUrl = process.env.PUBLIC_API_URL || process.env.API_URL || `http://${apiHost}:${apiPort}`;
  return {
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    apiHost,
    apiPort,
    publicApiUrl,
    webHost,
    webPort,
    publicWebUrl: process.env.PUBLIC_WEB_URL || `http://${webHost}:${webPort}`,
    catalogueCacheSeconds: integer("CATALOGUE_CACHE_SECONDS", 30),
    trustedProxies: list("TRUSTED_PROXIES", "127.0.0.1,::1"),
    accounts: {
      accessTokenTtlSeconds: integer("ACCESS_TOKEN_TTL_SECONDS", 900),
      refreshTokenTtlDays: integer("REFRESH_TOKEN_TTL_DAYS", 30),
      verifyEmailTtlHours: integer("VERIFY_EMAIL_TTL_HOURS", 24),
      resetPasswordTtlMinutes: integer("RESET_PASSWORD_TTL_MINUTES", 30),
      googleUserinfoUrl: process.env.GOOGLE_USERINFO_URL || "https://openidconnect.googleapis.com/v1/userinfo",
      googleTokeninfoUrl: process.env.GOOGLE_TOKENINFO_URL || "https://oauth2.googleapis.com/tokeninfo",
      googleClientId: process.env.GOOGLE_CLIENT_ID || "",
      secureCookies: process.env.NODE_ENV === "production" && publicApiUrl.startsWith("https:"),
    },
    cart: {
      shippingFeeCents: integer("SHIPPING_FEE_CENTS", 500),
      freeShippingThresholdCents: integer("FREE_SHIPPING_THRESHOLD_CENTS", 10_000),
    },
    orders: {
      expiryMinutes: integer("ORDER_EXPIRY_MINUTES", 30),
      commissionPercent: integer("COMMISSION_PERCENT", 5),
    },
    payments: { paypal: paypalSettings() },
    trialClass: { capacity: integer("TRIAL_CLASS_PLACES", 12) },
    mail: {
      smtpUrl: process.env.SMTP_URL || undefined,
      from: process.env.MAIL_FROM || "Mercado Pádel <no-responder@mercadopadel.test>",
      outboxDir: path.join(dataDir, "outbox"),
    },
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
