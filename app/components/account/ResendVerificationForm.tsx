import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms/fields";
import { accountIntents } from "~/forms/account.forms";

/** Asks for a new verification e-mail; /verify-email's action sends it. */
export function ResendVerificationForm() {
  return (
    <Form method="post" action="/verify-email">
      <SubmitButton intent={accountIntents.resendVerification} pending="Enviando…">
        Reenviar correo de verificación
      </SubmitButton>
    </Form>
  );
}
