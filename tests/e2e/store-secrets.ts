/**
 * The secrets the test stores run with (playwright.config.ts). The expired-session fixture
 * (sessions.ts) and the unsubscribe journey (mail-preferences.spec.ts) use them, to sign what the
 * store itself would: an access token the API issued a minute ago, a mail's unsubscribe token.
 */
export const E2E_SESSION_SECRET = "e2e-session-secret";
export const E2E_JWT_SECRET = "e2e-jwt-secret";
