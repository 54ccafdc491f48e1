import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  envChoice,
  envFlag,
  envInteger,
  envList,
  envOriginList,
  envOptionalText,
  envText,
  envOptionalUrl,
  envUrl,
  readEnvironment,
} from "#contract/env";
import { RETURN_SELLER_ANSWER_DAYS } from "#contract/limits";
import type { DatabaseTimeouts } from "./db/client.js";
import type { PasswordHashing } from "./modules/accounts/password.js";
import type { RateLimitSettings } from "./rate-limit.js";

export interface Config {
  dataDir: string;
  /**
   * The file store's folder (decision 0036): shop documents and images, outside the database.
   * FILES_DIR, or DATA_DIR/files; every API instance of one store needs the same one.
   */
  filesDir: string;
  databaseUrl: string | undefined;
  /** Connections to PostgreSQL (ignored with PGlite). */
  databasePoolSize: number;
  /** PostgreSQL's statement and lock timeouts and the pool's wait (README, "Timeouts and busy answers"). */
  databaseTimeouts: DatabaseTimeouts;
  /** The longest an API request may take, from its first byte to its answer (Fastify's handler and request timeouts). */
  requestTimeoutSeconds: number;
  /** Images decoded at once by uploads, and uploads that may wait their turn (README, "Images"). */
  imageQueue: ImageQueueSettings;
  apiHost: string;
  apiPort: number;
  /** How the web server reaches the API. */
  apiUrl: string;
  /** Address the browser uses to reach the API (images, socket.io). */
  publicApiUrl: string;
  webHost: string;
  webPort: number;
  publicWebUrl: string;
  /** pino's level; `requests` adds one line per request. Every 5xx is logged whatever the level. */
  log: { level: string; requests: boolean };
  /** How long an API instance reuses catalogue-wide reads (categories, price range, filter options). */
  catalogueCacheSeconds: number;
  /** Peers whose X-Forwarded-For is believed (the web server); any other client's header is ignored. */
  trustedProxies: string[];
  /**
   * Other origins whose pages may call the API from a browser, with credentials (a phone app's web
   * view, the spec's own single-page client). Empty: none, only the store's web (server to server).
   */
  corsOrigins: string[];
  accounts: AccountSettings;
  /** Attempts per client address and per account (README, "Login limits" and "Rate limits"). */
  rateLimits: RateLimitSettings;
  cart: CartSettings;
  orders: OrderSettings;
  payments: PaymentSettings;
  /** Places in each Saturday trial class (DESIGN.md section 3). */
  trialClass: { capacity: number };
  /** The admin's dashboard lists paid parts still 'pendiente' this many hours after payment. */
  dashboards: { unpreparedAlertHours: number };
  withdrawals: WithdrawalSettings;
  returns: ReturnSettings;
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
  /** scrypt's work factor for new password hashes: DEFAULT_PASSWORD_HASHING, no variable lowers it (tests do). */
  passwordHashing: PasswordHashing;
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
  /** Hours a seller has to answer an offer; the order keeps its stock meanwhile (decision 0038). */
  offerAnswerHours: number;
  /** The platform's share of each shop order's subtotal, in percent. */
  commissionPercent: number;
}

export interface WithdrawalSettings {
  /** Days after the customer confirms receipt («Lo he recibido») before a part's sale is available (README "Money rules"). */
  saleAvailableAfterDays: number;
  /** Days after a part is shipped before its sale is available when the customer has not confirmed receipt sooner. */
  saleAvailableAfterShipmentDays: number;
  /** The smallest withdrawal, in cents. */
  minimumCents: number;
}

export interface ReturnSettings {
  /**
   * Days a shop has to answer a return request, and then to mark an accepted return received,
   * before an admin may do it in its place (decision 0056); 0 lets an admin at once.
   */
  sellerAnswerDays: number;
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

export interface ImageQueueSettings {
  /** Images processed at the same time. */
  concurrency: number;
  /** Uploads that may wait for a turn; one more answers 503 with Retry-After. */
  waiting: number;
}

export interface Secrets {
  jwtSecret: string;
  sessionSecret: string;
}

/**
 * Rate limits when RATE_LIMIT_* is unset (README, "Login limits" and "Rate limits"): failed sign-ins
 * per 15 minutes, every other action per hour. Sized for a household or a school behind one address.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  login: { perAddressAndAccount: 5, perAddress: 20, perAccount: 20, perDevice: 5 },
  register: { perAddress: 30 },
  contact: { perAddress: 10 },
  review: { perAccount: 30, perAddress: 60 },
  offer: { perAccount: 20, perAddress: 60 },
  upload: { perAccount: 30, perAddress: 60 },
  orderMessage: { perAccount: 60, perAddress: 120 },
};

const limitVariable = (fallback: number) => envInteger(fallback, { min: 1, max: 1_000_000 });

/**
 * PostgreSQL's time limits when DATABASE_*_TIMEOUT_MS is unset (README, "Timeouts and busy
 * answers"). The store's statements take milliseconds and its transactions hold row locks for
 * milliseconds (the concurrency tests pass with a 0.3 s lock timeout), so a lock awaited 2 s or a
 * statement running 5 s means something is stuck: the request fails with 503 rather than waiting,
 * and its connection goes back to the pool. A request waits at most 3 s for a connection, longer
 * than a lock wait, so requests queued behind ones stuck on a lock get their connections when those
 * give up. A stalled database answers in 5 s (8 s for a runaway statement) at worst.
 */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { statementMs: 5000, lockMs: 2000, poolMs: 3000 };
/**
 * scrypt's work factor for passwords: N=2^15, r=8, p=1, OWASP's recommendation (about 32 MiB and
 * a few tens of milliseconds per hash), so each guess at a stolen hash costs as much.
 */
export const DEFAULT_PASSWORD_HASHING: PasswordHashing = { cost: 2 ** 15, blockSize: 8, parallelism: 1 };
/** Fastify's handler and request timeouts: a backstop far above any call's normal time (PayPal's own calls are limited to 15 s). */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;

/**
 * The API's exit code when it must be started anew (EX_TEMPFAIL): its embedded database met a full
 * disk and there is room again (db/disk-full.ts). `npm start` restarts it (scripts/start.ts).
 */
export const API_RESTART_EXIT_CODE = 75;

/**
 * One image decoded at a time (sharp gives each image one libvips thread on glibc Linux), so uploads
 * take at most one of two cores; 4 more may wait, each a few hundred milliseconds (README, "Images").
 */
export const DEFAULT_IMAGE_QUEUE: ImageQueueSettings = { concurrency: 1, waiting: 4 };

/** Every variable the API (and `npm start`, which hands them on to the web) reads; `.env.example` lists them. */
const environment = z.object({
  NODE_ENV: envOptionalText(),
  DATA_DIR: envText("./data"),
  FILES_DIR: envOptionalText(),
  DATABASE_URL: envOptionalText(),
  DATABASE_POOL_SIZE: envInteger(10, { min: 1, max: 1000 }),
  DATABASE_STATEMENT_TIMEOUT_MS: envInteger(DEFAULT_DATABASE_TIMEOUTS.statementMs, { min: 100, max: 600_000 }),
  DATABASE_LOCK_TIMEOUT_MS: envInteger(DEFAULT_DATABASE_TIMEOUTS.lockMs, { min: 100, max: 600_000 }),
  DATABASE_POOL_TIMEOUT_MS: envInteger(DEFAULT_DATABASE_TIMEOUTS.poolMs, { min: 100, max: 600_000 }),
  API_REQUEST_TIMEOUT_SECONDS: envInteger(DEFAULT_REQUEST_TIMEOUT_SECONDS, { min: 1, max: 3600 }),
  IMAGE_PROCESSING_CONCURRENCY: envInteger(DEFAULT_IMAGE_QUEUE.concurrency, { min: 1, max: 64 }),
  IMAGE_PROCESSING_QUEUE: envInteger(DEFAULT_IMAGE_QUEUE.waiting, { min: 0, max: 1000 }),
  API_HOST: envText("127.0.0.1"),
  API_PORT: envInteger(4000, { max: 65535 }),
  API_URL: envOptionalUrl(),
  API_LOG: envFlag(false),
  LOG_LEVEL: envChoice(["error", "warn", "info", "debug", "trace"], "info"),
  HOST: envText("127.0.0.1"),
  PORT: envInteger(3000, { max: 65535 }),
  PUBLIC_API_URL: envOptionalUrl(),
  PUBLIC_WEB_URL: envOptionalUrl(),
  CATALOGUE_CACHE_SECONDS: envInteger(30),
  TRUSTED_PROXIES: envList("127.0.0.1,::1"),
  CORS_ORIGINS: envOriginList(),
  ACCESS_TOKEN_TTL_SECONDS: envInteger(900, { min: 1 }),
  REFRESH_TOKEN_TTL_DAYS: envInteger(30, { min: 1 }),
  VERIFY_EMAIL_TTL_HOURS: envInteger(24, { min: 1 }),
  RESET_PASSWORD_TTL_MINUTES: envInteger(30, { min: 1 }),
  GOOGLE_USERINFO_URL: envUrl("https://openidconnect.googleapis.com/v1/userinfo"),
  GOOGLE_TOKENINFO_URL: envUrl("https://oauth2.googleapis.com/tokeninfo"),
  GOOGLE_CLIENT_ID: envText(""),
  RATE_LIMIT_LOGIN_PER_ADDRESS_AND_ACCOUNT: limitVariable(DEFAULT_RATE_LIMITS.login.perAddressAndAccount),
  RATE_LIMIT_LOGIN_PER_ADDRESS: limitVariable(DEFAULT_RATE_LIMITS.login.perAddress),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: limitVariable(DEFAULT_RATE_LIMITS.login.perAccount),
  RATE_LIMIT_LOGIN_PER_DEVICE: limitVariable(DEFAULT_RATE_LIMITS.login.perDevice),
  RATE_LIMIT_REGISTER_PER_ADDRESS: limitVariable(DEFAULT_RATE_LIMITS.register.perAddress),
  RATE_LIMIT_CONTACT_PER_ADDRESS: limitVariable(DEFAULT_RATE_LIMITS.contact.perAddress),
  RATE_LIMIT_REVIEW_PER_ACCOUNT: limitVariable(DEFAULT_RATE_LIMITS.review.perAccount!),
  RATE_LIMIT_REVIEW_PER_ADDRESS: limitVariable(DEFAULT_RATE_LIMITS.review.perAddress),
  RATE_LIMIT_OFFER_PER_ACCOUNT: limitVariable(DEFAULT_RATE_LIMITS.offer.perAccount!),
  RATE_LIMIT_OFFER_PER_ADDRESS: limitVariable(DEFAULT_RATE_LIMITS.offer.perAddress),
  RATE_LIMIT_UPLOAD_PER_ACCOUNT: limitVariable(DEFAULT_RATE_LIMITS.upload.perAccount!),
  RATE_LIMIT_UPLOAD_PER_ADDRESS: limitVariable(DEFAULT_RATE_LIMITS.upload.perAddress),
  RATE_LIMIT_ORDER_MESSAGE_PER_ACCOUNT: limitVariable(DEFAULT_RATE_LIMITS.orderMessage.perAccount!),
  RATE_LIMIT_ORDER_MESSAGE_PER_ADDRESS: limitVariable(DEFAULT_RATE_LIMITS.orderMessage.perAddress),
  SHIPPING_FEE_CENTS: envInteger(500),
  FREE_SHIPPING_THRESHOLD_CENTS: envInteger(10_000),
  ORDER_EXPIRY_MINUTES: envInteger(30, { min: 1 }),
  OFFER_ANSWER_HOURS: envInteger(24, { min: 1, max: 720 }),
  COMMISSION_PERCENT: envInteger(5, { max: 100 }),
  TRIAL_CLASS_PLACES: envInteger(12, { min: 1 }),
  UNPREPARED_ORDER_ALERT_HOURS: envInteger(48, { min: 1, max: 8760 }),
  SALE_AVAILABLE_AFTER_DAYS: envInteger(7, { max: 365 }),
  SALE_AVAILABLE_AFTER_SHIPMENT_DAYS: envInteger(14, { max: 365 }),
  WITHDRAWAL_MINIMUM_CENTS: envInteger(1000, { min: 1 }),
  RETURN_SELLER_ANSWER_DAYS: envInteger(RETURN_SELLER_ANSWER_DAYS, { max: 365 }),
  PAYPAL_CLIENT_ID: envText(""),
  PAYPAL_CLIENT_SECRET: envText(""),
  PAYPAL_API_URL: envUrl("https://api-m.sandbox.paypal.com"),
  SMTP_URL: envOptionalText(),
  MAIL_FROM: envText("Mercado Pádel <no-responder@mercadopadel.test>"),
  SESSION_SECRET: envOptionalText(),
  JWT_SECRET: envOptionalText(),
});
export type Environment = z.output<typeof environment>;

function paypalSettings(env: Environment): PayPalSettings | null {
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) return null;
  return { clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiUrl: env.PAYPAL_API_URL };
}

/**
 * Secrets come from the environment when set; otherwise they are generated once
 * and kept in DATA_DIR so sessions survive restarts without a hard-coded value.
 */
function loadSecrets(dataDir: string, env: Environment): Secrets {
  const file = path.join(dataDir, "secrets.json");
  const stored: Partial<Secrets> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const secrets: Secrets = {
    jwtSecret: env.JWT_SECRET || stored.jwtSecret || randomBytes(32).toString("hex"),
    sessionSecret: env.SESSION_SECRET || stored.sessionSecret || randomBytes(32).toString("hex"),
  };
  if (stored.jwtSecret !== secrets.jwtSecret || stored.sessionSecret !== secrets.sessionSecret) {
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

/** The API's configuration from the environment; a bad value stops start-up naming the variable. */
export function loadConfig(): Config {
  // A .env file, when present, fills in what the environment leaves unset.
  if (existsSync(".env")) process.loadEnvFile(".env");
  const env = readEnvironment(environment, process.env);
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const publicApiUrl = env.PUBLIC_API_URL || env.API_URL || `http://${env.API_HOST}:${env.API_PORT}`;
  return {
    dataDir,
    filesDir: path.resolve(env.FILES_DIR || path.join(dataDir, "files")),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: env.DATABASE_LOCK_TIMEOUT_MS,
      poolMs: env.DATABASE_POOL_TIMEOUT_MS,
    },
    requestTimeoutSeconds: env.API_REQUEST_TIMEOUT_SECONDS,
    imageQueue: { concurrency: env.IMAGE_PROCESSING_CONCURRENCY, waiting: env.IMAGE_PROCESSING_QUEUE },
    apiHost: env.API_HOST,
    apiPort: env.API_PORT,
    apiUrl: env.API_URL || `http://${env.API_HOST}:${env.API_PORT}`,
    publicApiUrl,
    webHost: env.HOST,
    webPort: env.PORT,
    publicWebUrl: env.PUBLIC_WEB_URL || `http://${env.HOST}:${env.PORT}`,
    log: { level: env.LOG_LEVEL, requests: env.API_LOG },
    catalogueCacheSeconds: env.CATALOGUE_CACHE_SECONDS,
    trustedProxies: env.TRUSTED_PROXIES,
    corsOrigins: env.CORS_ORIGINS,
    accounts: {
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
      verifyEmailTtlHours: env.VERIFY_EMAIL_TTL_HOURS,
      resetPasswordTtlMinutes: env.RESET_PASSWORD_TTL_MINUTES,
      googleUserinfoUrl: env.GOOGLE_USERINFO_URL,
      googleTokeninfoUrl: env.GOOGLE_TOKENINFO_URL,
      googleClientId: env.GOOGLE_CLIENT_ID,
      secureCookies: env.NODE_ENV === "production" && publicApiUrl.startsWith("https:"),
      passwordHashing: DEFAULT_PASSWORD_HASHING,
    },
    rateLimits: {
      login: {
        perAddressAndAccount: env.RATE_LIMIT_LOGIN_PER_ADDRESS_AND_ACCOUNT,
        perAddress: env.RATE_LIMIT_LOGIN_PER_ADDRESS,
        perAccount: env.RATE_LIMIT_LOGIN_PER_ACCOUNT,
        perDevice: env.RATE_LIMIT_LOGIN_PER_DEVICE,
      },
      register: { perAddress: env.RATE_LIMIT_REGISTER_PER_ADDRESS },
      contact: { perAddress: env.RATE_LIMIT_CONTACT_PER_ADDRESS },
      review: { perAccount: env.RATE_LIMIT_REVIEW_PER_ACCOUNT, perAddress: env.RATE_LIMIT_REVIEW_PER_ADDRESS },
      offer: { perAccount: env.RATE_LIMIT_OFFER_PER_ACCOUNT, perAddress: env.RATE_LIMIT_OFFER_PER_ADDRESS },
      upload: { perAccount: env.RATE_LIMIT_UPLOAD_PER_ACCOUNT, perAddress: env.RATE_LIMIT_UPLOAD_PER_ADDRESS },
      orderMessage: {
        perAccount: env.RATE_LIMIT_ORDER_MESSAGE_PER_ACCOUNT,
        perAddress: env.RATE_LIMIT_ORDER_MESSAGE_PER_ADDRESS,
      },
    },
    cart: {
      shippingFeeCents: env.SHIPPING_FEE_CENTS,
      freeShippingThresholdCents: env.FREE_SHIPPING_THRESHOLD_CENTS,
    },
    orders: {
      expiryMinutes: env.ORDER_EXPIRY_MINUTES,
      offerAnswerHours: env.OFFER_ANSWER_HOURS,
      commissionPercent: env.COMMISSION_PERCENT,
    },
    payments: { paypal: paypalSettings(env) },
    trialClass: { capacity: env.TRIAL_CLASS_PLACES },
    dashboards: { unpreparedAlertHours: env.UNPREPARED_ORDER_ALERT_HOURS },
    withdrawals: {
      saleAvailableAfterDays: env.SALE_AVAILABLE_AFTER_DAYS,
      saleAvailableAfterShipmentDays: env.SALE_AVAILABLE_AFTER_SHIPMENT_DAYS,
      minimumCents: env.WITHDRAWAL_MINIMUM_CENTS,
    },
    returns: { sellerAnswerDays: env.RETURN_SELLER_ANSWER_DAYS },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(dataDir, "outbox"),
    },
    secrets: loadSecrets(dataDir, env),
  };
}

/** The environment `npm start` and `npm run dev` hand the API and web processes they run. */
export function childProcessEnv(config: Config): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: config.dataDir,
    FILES_DIR: config.filesDir,
    JWT_SECRET: config.secrets.jwtSecret,
    SESSION_SECRET: config.secrets.sessionSecret,
    API_URL: config.apiUrl,
    PUBLIC_API_URL: config.publicApiUrl,
    PUBLIC_WEB_URL: config.publicWebUrl,
    HOST: config.webHost,
    PORT: String(config.webPort),
  };
}
