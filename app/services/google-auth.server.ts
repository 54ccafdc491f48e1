import { Authenticator } from "remix-auth";
import {
  GoogleStrategy,
  type GoogleExtraParams,
  type GoogleProfile,
  type GoogleStrategyOptions,
} from "remix-auth-google";
import type { OAuth2StrategyVerifyParams } from "remix-auth-oauth2";
import { accountEndpoints, type SessionAnswer } from "#contract/accounts";
import { webEnv } from "./env.server";
import { sessionStorage } from "./session.server";

export const googleSignInEnabled = webEnv.google.clientId !== "";

/**
 * remix-auth-google hard-codes Google's addresses; this subclass takes them from the
 * configuration so tests can stand a local fake in for Google.
 */
class ConfigurableGoogleStrategy<User> extends GoogleStrategy<User> {
  constructor(
    options: GoogleStrategyOptions,
    urls: { authorization: string; token: string; userInfo: string },
    verify: (params: OAuth2StrategyVerifyParams<GoogleProfile, GoogleExtraParams>) => Promise<User>,
  ) {
    super(options, verify);
    this.authorizationURL = urls.authorization;
    this.tokenURL = urls.token;
    // A private field of GoogleStrategy, set in its constructor from a constant.
    Reflect.set(this, "userInfoURL", urls.userInfo);
  }
}

/**
 * The store's tokens for a Google account: the API checks the provider's access token against
 * Google's userinfo endpoint itself and signs the user in (or up).
 */
async function exchangeGoogleToken({
  accessToken,
  context,
}: OAuth2StrategyVerifyParams<GoogleProfile, GoogleExtraParams>): Promise<SessionAnswer> {
  // The callback route passes its load context, whose API client carries the request's id and address.
  if (!context) throw new Error("El inicio de sesión con Google necesita el contexto de la petición.");
  return context.api.call(accountEndpoints.google, { headers: { authorization: `Bearer ${accessToken}` } });
}

export const authenticator = new Authenticator<SessionAnswer>(sessionStorage);

if (googleSignInEnabled) {
  authenticator.use(
    new ConfigurableGoogleStrategy<SessionAnswer>(
      {
        clientID: webEnv.google.clientId,
        clientSecret: webEnv.google.clientSecret,
        // Absolute: the strategy would guess https for any host but localhost.
        callbackURL: new URL("/auth/google/callback", webEnv.publicWebUrl).href,
      },
      {
        authorization: webEnv.google.authorizationUrl,
        token: webEnv.google.tokenUrl,
        userInfo: webEnv.google.userInfoUrl,
      },
      exchangeGoogleToken,
    ),
  );
}
