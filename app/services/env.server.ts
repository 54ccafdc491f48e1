import { z } from "zod";
import {
  envFlag,
  envInteger,
  envList,
  envOptionalText,
  envText,
  envOptionalUrl,
  envUrl,
  readEnvironment,
} from "#contract/env";

/**
 * The web's configuration, read once from the environment; a bad value stops start-up with a
 * Spanish message naming the variable. `npm start` hands these over from the API's configuration;
 * `.env.example` lists them all.
 */
const environment = z.object({
  NODE_ENV: envOptionalText(),
  HOST: envText("127.0.0.1"),
  PORT: envInteger(3000, { max: 65535 }),
  API_PORT: envInteger(4000, { max: 65535 }),
  API_URL: envOptionalUrl(),
  PUBLIC_API_URL: envOptionalUrl(),
  PUBLIC_WEB_URL: envOptionalUrl(),
  SESSION_SECRET: envList(""),
  /**
   * Proxies in front of the web (a load balancer) whose X-Forwarded-For, -Host and -Proto it believes,
   * as IPs or CIDR ranges; empty: the TCP peer is the shopper.
   */
  WEB_TRUSTED_PROXIES: envList(""),
  /** How long the web waits for any API call before it gives up and shows the 503 page. */
  API_CALL_TIMEOUT_MS: envInteger(10_000, { min: 100 }),
  /** Checks every API answer against the contract: on in development and tests, off in production. */
  CHECK_API_ANSWERS: envFlag(false).optional(),
  GOOGLE_CLIENT_ID: envText(""),
  GOOGLE_CLIENT_SECRET: envText(""),
  GOOGLE_AUTHORIZATION_URL: envUrl("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: envUrl("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: envUrl("https://openidconnect.googleapis.com/v1/userinfo"),
});

const env = readEnvironment(environment, process.env);
const production = env.NODE_ENV === "production";
const apiUrl = env.API_URL ?? `http://127.0.0.1:${env.API_PORT}`;

export const webEnv = {
  host: env.HOST,
  port: env.PORT,
  apiUrl,
  publicApiUrl: env.PUBLIC_API_URL ?? apiUrl,
  publicWebUrl: env.PUBLIC_WEB_URL ?? `http://127.0.0.1:${env.PORT}`,
  sessionSecrets: env.SESSION_SECRET,
  trustedProxies: env.WEB_TRUSTED_PROXIES,
  apiCallTimeoutMs: env.API_CALL_TIMEOUT_MS,
  production,
  validateApiAnswers: env.CHECK_API_ANSWERS ?? !production,
  /** Google sign-in; without a client id the store offers no Google button. */
  google: {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    // Tests point these at a local stand-in for Google.
    authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
    tokenUrl: env.GOOGLE_TOKEN_URL,
    userInfoUrl: env.GOOGLE_USERINFO_URL,
  },
};
