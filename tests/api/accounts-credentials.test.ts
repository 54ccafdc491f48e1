import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../api/src/db/client";
import { openTestDatabase } from "../support/databases";
import { hashPassword, verifyPassword } from "../../api/src/modules/accounts/password";
import { checkCredentials } from "../../api/src/modules/accounts/service";
import { insertUser, TEST_PASSWORD_HASHING } from "./support";

// The real check, watched: what matters is that every refusal runs it once on a real scrypt hash.
vi.mock("../../api/src/modules/accounts/password", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../api/src/modules/accounts/password")>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

/** A stored hash's work factor and sizes (`scrypt$N$r$p`), without its salt and key. */
const workOf = (hash: string) => hash.split("$").slice(0, 4).join("$");

/**
 * A login for an unknown e-mail must cost what a wrong password costs, or its speed tells who has
 * an account (docs/decisions/0005). Counted, not timed: each refusal runs one scrypt check with
 * the same work factor.
 */
describe("la comprobación de credenciales", () => {
  let database: Database;
  const checks = vi.mocked(verifyPassword);

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(() => database.close());

  it("un correo desconocido, una contraseña errónea y una cuenta sin contraseña hacen la misma comprobación", async () => {
    const realHash = await hashPassword("Secreta2024", TEST_PASSWORD_HASHING);
    const withPassword = await insertUser(database.db, { passwordHash: realHash });
    const googleOnly = await insertUser(database.db, { googleSub: "google-sub-1" });

    const refusals = [
      ["correo desconocido", "nadie@example.com", "Secreta2024"],
      ["contraseña errónea", withPassword.email, "Otra2024"],
      ["cuenta sin contraseña", googleOnly.email, "Secreta2024"],
    ] as const;
    for (const [label, email, password] of refusals) {
      checks.mockClear();
      expect(await checkCredentials(database.db, email, password, TEST_PASSWORD_HASHING), label).toBeNull();
      expect(checks, label).toHaveBeenCalledTimes(1);
      expect(workOf(checks.mock.calls[0]![1]), label).toBe(workOf(realHash));
    }

    checks.mockClear();
    expect(await checkCredentials(database.db, withPassword.email, "Secreta2024", TEST_PASSWORD_HASHING)).toEqual({
      id: withPassword.id,
      role: "customer",
    });
    expect(checks).toHaveBeenCalledTimes(1);
  });
});
