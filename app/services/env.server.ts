/** Web-side configuration; `npm start` passes these from the shared config, `.env.example` lists them. */
export const webEnv = {
  apiUrl: process.env.API_URL || `http://127.0.0.1:${process.env.API_PORT || 4000}`,
  publicApiUrl: process.env.PUBLIC_API_URL || process.env.API_URL || `http://127.0.0.1:${process.env.API_PORT || 4000}`,
  publicWebUrl: process.env.PUBLIC_WEB_URL || `http://127.0.0.1:${process.env.PORT || 3000}`,
  sessionSecrets: (process.env.SESSION_SECRET || "").split(",").filter(Boolean),
  production: process.env.NODE_ENV === "production",
};
