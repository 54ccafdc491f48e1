import type { Submission, SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z, type ZodTypeAny } from "zod";
import { refusalOf } from "~/services/account.server";
import { forbidden, notFound } from "~/services/admin.server";
import { ApiError } from "~/services/api.server";
import { carriesFiles, readForm } from "~/services/form.server";
import { readUploadForm, type UploadForm, type UploadRefusal, type UploadScope } from "~/services/uploads.server";
import type { FormAnswer } from "./form-answer";
import type { FieldConstraints } from "./use-schema-form";

/** The forms of one page, by the intent their submit button sends. */
export type PageForms = Record<string, ZodTypeAny>;

/** A form of the page that passed its schema: which one (`intent`) and its typed value. */
export type ParsedForm<Forms extends PageForms> = {
  [Intent in keyof Forms & string]: {
    ok: true;
    intent: Intent;
    value: z.output<Forms[Intent]>;
    formData: FormData;
    /** The post carried a chosen file: no browser sends files back, so a form shown again asks for them. */
    filesChosen: boolean;
    /** The form's answer, with the errors an API call refused it with. */
    reply: Submission<z.input<Forms[Intent]>, string[], z.output<Forms[Intent]>>["reply"];
  };
}[keyof Forms & string];

export type IntentForm<Forms extends PageForms> =
  | ParsedForm<Forms>
  | {
      ok: false;
      /** One of the page's forms: parseIntentForm refuses any other intent. */
      intent: keyof Forms & string;
      formData: FormData;
      filesChosen: boolean;
      /** 400 for a form its schema refuses; 413 or 400 for an upload refused while it arrived (past a limit). */
      status: 400 | 413;
      answer: ReturnType<typeof answer>;
      /** The submission's reply, for a page that answers otherwise (a button that only draws the form again). */
      reply: Submission<unknown, string[]>["reply"];
    };

function isFormOf<Forms extends PageForms>(forms: Forms, intent: unknown): intent is keyof Forms & string {
  return typeof intent === "string" && Object.hasOwn(forms, intent);
}

/**
 * Reads a post to a page with one form or several: its `intent` names the form, whose schema parses
 * it. An intent the page has no form for is a 400 of the sender's making; a form its schema refuses
 * answers its errors (ok: false, `answer` ready to return). Otherwise the caller dispatches with a
 * `switch` on `intent`, each case with its form's typed value.
 */
export async function parseIntentForm<Forms extends PageForms>(
  request: Request,
  forms: Forms,
  options: {
    target?: (formData: FormData) => string | undefined;
    /**
     * The form a post without `intent` belongs to: Conform's own buttons (a list row added or
     * removed without JavaScript) send only theirs, and such a submission is never `ok`.
     */
    defaultIntent?: keyof Forms & string;
    /** Fields a refused form does not get back (a password, a card's code): the shopper types them again. */
    hideFields?: string[];
    /**
     * A page whose forms send files: the post is read as it streams, within the form's limits, its
     * files kept on disk in `scope` (uploads.server.ts). Past a limit it is answered with the field's
     * message and what was typed before it, the rest never read.
     */
    upload?: { form: UploadForm; scope: UploadScope };
  } = {},
): Promise<IntentForm<Forms>> {
  const read = options.upload
    ? await readUploadForm(request, options.upload.form, options.upload.scope)
    : { formData: await readForm(request), refusal: null, filesChosen: false };
  const formData = read.formData;
  const filesChosen = read.filesChosen || carriesFiles(formData);
  if (read.refusal) return refusedUpload(forms, formData, read.refusal, options.upload!.form, options);
  const intent = formData.get("intent") ?? options.defaultIntent ?? null;
  if (!isFormOf(forms, intent)) throw new Response(null, { status: 400, statusText: "Acción no válida" });
  const submission = parseWithZod(formData, { schema: forms[intent] });
  if (submission.status !== "success") {
    const target = options.target?.(formData);
    return {
      ok: false,
      intent,
      formData,
      filesChosen,
      status: 400,
      answer: answer({ intent, target, result: submission.reply({ hideFields: options.hideFields }) }, 400),
      reply: submission.reply,
    };
  }
  return {
    ok: true,
    intent,
    value: submission.value,
    formData,
    filesChosen,
    reply: submission.reply,
  } as ParsedForm<Forms>;
}

/**
 * An upload refused while it arrived: its form (named by the intent that came, or by the field at
 * fault when reading stopped before the button's), with what was typed and only the refusal's message.
 */
function refusedUpload<Forms extends PageForms>(
  forms: Forms,
  formData: FormData,
  refusal: UploadRefusal,
  upload: UploadForm,
  options: { target?: (formData: FormData) => string | undefined; hideFields?: string[] },
): IntentForm<Forms> {
  const sent = formData.get("intent");
  const intent = isFormOf(forms, sent) ? sent : upload.intentOf(refusal.field, formData);
  if (!isFormOf(forms, intent)) throw new Response(null, { status: 400, statusText: "Acción no válida" });
  const issue = { code: z.ZodIssueCode.custom, message: refusal.message, path: refusal.field ? [refusal.field] : [] };
  const submission = parseWithZod(formData, {
    schema: z.any().superRefine((_value, context) => context.addIssue(issue)),
  });
  const target = options.target?.(formData);
  return {
    ok: false,
    intent,
    formData,
    filesChosen: true,
    status: refusal.status,
    answer: answer({ intent, target, result: submission.reply({ hideFields: options.hideFields }) }, refusal.status),
    reply: submission.reply,
  };
}

/** A refused form's answer, with its status. */
export function answer(formAnswer: FormAnswer, status: number) {
  return data<FormAnswer>(formAnswer, { status });
}

/**
 * An API refusal of a parsed form, answered to its page: messages that name one of `fields` go next
 * to it, the rest above the form; a conflict (409: someone else acted first) becomes the page's
 * notice, since the form may be gone once the page shows the record's new state. Anything that is
 * not the API's refusal (a redirect, the sign-in page) is thrown on, and so are the refusals that
 * are the page's rather than the form's (`pageErrors`; by default a stale role, 401): the 403 or 404
 * page.
 */
export function answerRefused(
  error: unknown,
  form: {
    intent: string;
    reply: (errors: { formErrors: string[]; fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>;
  },
  options: {
    fields: readonly string[];
    /** The API's field names that the form calls otherwise. */
    fieldNames?: Record<string, string>;
    target?: string;
    pageErrors?: readonly number[];
  },
) {
  if (error instanceof Response) throw error;
  if (error instanceof ApiError && (options.pageErrors ?? [401]).includes(error.status))
    throw error.status === 404 ? notFound() : forbidden();
  const { status, formErrors, fieldErrors } = refusalOf(error, options.fields, options.fieldNames);
  if (error instanceof ApiError && status === 409)
    return answer({ intent: form.intent, target: options.target, result: null, notice: formErrors.join(" ") }, status);
  return answer(
    { intent: form.intent, target: options.target, result: form.reply({ formErrors, fieldErrors }) },
    status,
  );
}

/** Each form's constraints, for its page's loader to hand to useSchemaForm. */
export function formConstraints<Forms extends PageForms>(forms: Forms): { [Name in keyof Forms]: FieldConstraints } {
  return Object.fromEntries(Object.entries(forms).map(([name, schema]) => [name, getZodConstraint(schema)])) as {
    [Name in keyof Forms]: FieldConstraints;
  };
}
