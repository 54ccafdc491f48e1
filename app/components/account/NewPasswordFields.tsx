import type { FieldMetadata } from "@conform-to/react";
import { NEW_PASSWORD_HINT } from "#contract/messages";
import { TextField } from "~/components/forms/fields";

type PasswordMeta = FieldMetadata<string | undefined>;

/** A new password typed twice, as every form that sets one asks for it (a reset link, the account's page). */
export function NewPasswordFields({
  password,
  confirmPassword,
}: {
  password: PasswordMeta;
  confirmPassword: PasswordMeta;
}) {
  return (
    <>
      <TextField
        label="Nueva contraseña"
        meta={password}
        type="password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
      />
      <TextField
        label="Repite la nueva contraseña"
        meta={confirmPassword}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
