/** Web-side configuration; `npm start` passes these from the shared config, `.env.example` lists them. */
export const webEnv = {
  apiUrl: process.env.API_URL || `http://127.0.0.1:${process.env.API_PORT || 4000}`,
  publicApiUrl: process.env.PUBLIC_API_URL || process.env.API_URL || `http://127.0.0.1:${process.env.API_PORT || 4000}`,
  publicWebUrl: process.env.PUBLIC_WEB_URL || `http://127.0.0.1:${process.env.PORT || 3000}`,
  sessionSecrets: (process.env.SESSION_SECRET || "").split(",").filter(Boolean),
  production: process.env.NODE_ENV === "production",
  /** Google sign-in; without a client id the store offers no Google button. */
  google: {
    clientId: process.env.GOOGLE_CLIENT_ID || "",
    clientSecret: process.env.GOOGLE_CLIENT_SECRET || "",
    // Tests point these at a local stand-in for Google.
    authorizationUrl: process.env.GOOGLE_AUTHORIZATION_URL || "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: process.env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
    userInfoUrl: process.env.GOOGLE_USERINFO_URL || "https://openidconnect.googleapis.com/v1/userinfo",
  },
};
