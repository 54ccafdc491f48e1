import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { SAME_PASSWORD } from "#contract/accounts";
import { changePasswordSchema, newPasswordSchema, registerSchema } from "~/forms/account.schema";

/**
 * The account forms' password rules as the action and Conform read them: the repetition and the
 * same-password rule are judged in the same submit as every other field, not after them.
 */

const MISMATCH = "Las contraseñas no coinciden.";

function errorsOf(fields: Record<string, string>, schema: Parameters<typeof parseWithZod>[1]["schema"]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const submission = parseWithZod(form, { schema });
  return submission.status === "error" ? submission.error : undefined;
}

describe("formularios de contraseña", () => {
  it("el registro sin nombre ni correo dice también que las contraseñas no coinciden", () => {
    const errors = errorsOf(
      { name: "", email: "", password: "Clave-segura-1", confirmPassword: "Clave-segura-2" },
      registerSchema,
    );
    expect(errors?.name).toEqual(["Escribe tu nombre."]);
    expect(errors?.email?.length).toBe(1);
    expect(errors?.confirmPassword).toEqual([MISMATCH]);
  });

  it("una contraseña que no cumple la regla lo dice, sin comparar la repetición", () => {
    const errors = errorsOf(
      { name: "Rosa", email: "rosa@example.com", password: "corta1", confirmPassword: "otra" },
      registerSchema,
    );
    expect(errors?.password).toEqual(["La contraseña debe tener al menos 8 caracteres."]);
    expect(errors?.confirmPassword).toBeUndefined();
    expect(
      errorsOf(
        { name: "Rosa", email: "rosa@example.com", password: "Clave-segura-1", confirmPassword: "Clave-segura-1" },
        registerSchema,
      ),
    ).toBeUndefined();
  });

  it("el cambio de contraseña sin la actual dice también que la nueva no coincide", () => {
    const errors = errorsOf(
      { oldPassword: "", password: "Clave-segura-1", confirmPassword: "Clave-segura-9" },
      changePasswordSchema(true),
    );
    expect(errors?.oldPassword).toEqual(["Escribe tu contraseña actual."]);
    expect(errors?.confirmPassword).toEqual([MISMATCH]);
  });

  it("la nueva contraseña igual a la actual se rechaza junto a una repetición que no coincide", () => {
    const errors = errorsOf(
      { oldPassword: "Clave-segura-1", password: "Clave-segura-1", confirmPassword: "Clave-segura-2" },
      changePasswordSchema(true),
    );
    expect(errors?.password).toEqual([SAME_PASSWORD]);
    expect(errors?.confirmPassword).toEqual([MISMATCH]);
    // Without a password yet (a Google account), there is no current one to repeat.
    expect(
      errorsOf({ password: "Clave-segura-1", confirmPassword: "Clave-segura-1" }, changePasswordSchema(false)),
    ).toBeUndefined();
  });

  it("el enlace de restablecer pide la contraseña dos veces iguales", () => {
    expect(errorsOf({ password: "Clave-segura-1", confirmPassword: "" }, newPasswordSchema)?.confirmPassword).toEqual([
      "Repite la contraseña.",
    ]);
    expect(
      errorsOf({ password: "Clave-segura-1", confirmPassword: "Clave-segura-2" }, newPasswordSchema)?.confirmPassword,
    ).toEqual([MISMATCH]);
    expect(
      errorsOf({ password: "Clave-segura-1", confirmPassword: "Clave-segura-1" }, newPasswordSchema),
    ).toBeUndefined();
  });
});
