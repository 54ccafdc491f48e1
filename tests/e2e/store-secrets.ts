/**
 * The secrets the test stores run with (playwright.config.ts). Only the expired-session fixture
 * (sessions.ts) uses them, to sign what the store itself would: an access token the API issued a
 * minute ago, in the web's tokens cookie.
 */
export const E2E_SESSION_SECRET = "e2e-session-secret";
export const E2E_JWT_SECRET = "e2e-jwt-secret";
