import { data } from "@remix-run/node";
import { BAD_UNSUBSCRIBE_LINK, mailEndpoints, type UnsubscribeAnswer } from "#contract/mail";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { unsubscribeIntents } from "~/routes/mail-unsubscribe.forms";
import { UNSUBSCRIBE_FORMS, unsubscribeFormSchema } from "~/routes/mail-unsubscribe.schema";
import { ApiError } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { redirectWithFlash } from "./session.server";

const constraints = () => formConstraints({ confirm: unsubscribeFormSchema });

/**
 * /mail/unsubscribe?token=: the footer link of an optional mail. No session needed: the signed token
 * names the reader and the kind. Shows what the button turns off, or that it is off already.
 */
export async function loadUnsubscribe(args: RequestArgs) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const refused = (message: string, status: number) =>
    data({ token, link: null as UnsubscribeAnswer | null, error: message, constraints: constraints() }, { status });
  if (!token) return refused(BAD_UNSUBSCRIBE_LINK, 400);
  try {
    const link = await args.context.api.call(mailEndpoints.describeUnsubscribe, { query: { token } });
    return data({ token, link, error: null as string | null, constraints: constraints() });
  } catch (error) {
    if (!(error instanceof ApiError)) return refused(NETWORK_OR_SERVER_ERROR, 502);
    return refused(error.message, error.status < 500 ? error.status : 502);
  }
}

/** «Dejar de recibirlos»: the kind goes off; back to the page, which now says so, with a flash. */
export async function unsubscribeAction(args: RequestArgs) {
  const form = await parseIntentForm(args.request, UNSUBSCRIBE_FORMS);
  if (!form.ok) return form.answer;
  switch (form.intent) {
    case unsubscribeIntents.confirm:
      try {
        const { message } = await args.context.api.call(mailEndpoints.unsubscribe, {
          query: { token: form.value.token },
        });
        const back = `/mail/unsubscribe?${new URLSearchParams({ token: form.value.token })}`;
        return redirectWithFlash(args.context, back, { kind: "success", message });
      } catch (error) {
        return answerRefused(error, form, { fields: [], pageErrors: [] });
      }
  }
}
