import { Form } from "@remix-run/react";
import { intents } from "./account-intents";
import { SubmitButton } from "~/components/forms/fields";

/** Asks for a new verification e-mail; /verify-email's action sends it. */
export function ResendVerificationForm() {
  return (
    <Form method="post" action="/verify-email">
      <SubmitButton intent={intents.resendVerification} pending="Enviando…">
        Reenviar correo de verificación
      </SubmitButton>
    </Form>
  );
}
