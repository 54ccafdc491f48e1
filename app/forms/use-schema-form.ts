import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { useEffect, useRef, useState } from "react";
import type { z, ZodTypeAny } from "zod";
import { pickUpTypedBeforeScripts } from "~/browser/typed-before-scripts";
import { changedSinceDrawn } from "./changed-since-drawn";
import type { SchemaValidator } from "./zod-validation";

/** What a schema asks of each field (required, lengths, patterns), as attributes of the HTML controls. */
export type FieldConstraints = ReturnType<typeof getZodConstraint>;

/**
 * A form's schema as a page holds it: its constraints, worked out by the loader (formConstraints in
 * app/forms/form-answer.server.ts), so the server's HTML and the browser's controls agree, and how
 * to load the schema itself when the form is first used.
 */
export interface SchemaSource<Schema extends ZodTypeAny> {
  constraint: FieldConstraints;
  /**
   * Imports the schema's module. It keys the cache below: declare it at module level, or memoize it
   * on what the schema depends on (a form whose fields follow the page's data).
   */
  load: () => Promise<Schema>;
}

export interface SchemaFormOptions<Schema extends ZodTypeAny> {
  id?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  shouldValidate?: "onSubmit" | "onBlur" | "onInput";
}

/**
 * Validators already in the browser, so a form drawn again (another page, a new key) is checked at
 * once. Weak, so the validators of memoized loaders that are gone go with them.
 */
const validators = new WeakMap<() => Promise<ZodTypeAny>, SchemaValidator<ZodTypeAny>>();

async function loadValidator<Schema extends ZodTypeAny>(load: () => Promise<Schema>): Promise<SchemaValidator<Schema>> {
  const [schema, { validatorFor }] = await Promise.all([load(), import("./zod-validation")]);
  const validator = validatorFor(schema);
  validators.set(load, validator);
  return validator;
}

/**
 * The store's one form hook: a Conform form checked in the browser by the zod schema its action
 * parses with. Fields are checked when left and again as the shopper types. zod, Conform's zod
 * adapter and the schema (about 17 KB gzipped) come when the form is first focused or typed into:
 * most visits leave most forms untouched. Until then the form is what it is without scripts,
 * checked by its action on submit; fields left while the code was on its way are checked once it
 * arrives. What was typed before the page's scripts ran is taken in (docs/decisions/0019).
 * `app/forms/README.md` shows the whole pattern.
 */
export function useSchemaForm<Schema extends ZodTypeAny>(
  { constraint, load }: SchemaSource<Schema>,
  { shouldValidate = "onBlur", ...options }: SchemaFormOptions<Schema> = {},
) {
  const [validate, setValidate] = useState(() => validators.get(load) as SchemaValidator<Schema> | undefined);
  const ready = validate !== undefined;
  const leftBeforeReady = useRef<Element[]>([]);
  const form = useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    constraint,
    shouldValidate: ready ? shouldValidate : "onSubmit",
    shouldRevalidate: ready ? "onInput" : "onSubmit",
    onValidate: validate,
  });
  const formId = form[0].id;

  // Conform reads the whole form on any input event: one for a control changed before hydration
  // makes whatever follows it (a category's spec sheet) show it.
  useEffect(
    () =>
      pickUpTypedBeforeScripts(() => {
        const element = document.getElementById(formId);
        if (!(element instanceof HTMLFormElement)) return;
        Array.from(element.elements)
          .find(changedSinceDrawn)
          ?.dispatchEvent(new Event("input", { bubbles: true }));
      }),
    [formId],
  );

  useEffect(() => {
    if (ready) return;
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    let loading = false;
    const start = () => {
      if (loading) return;
      loading = true;
      // A failed download leaves the form to its action; the next focus tries again.
      loadValidator(load).then(
        (validator) => setValidate(() => validator),
        () => (loading = false),
      );
    };
    const remember = (event: FocusEvent) => {
      if (event.target instanceof Element) leftBeforeReady.current.push(event.target);
    };
    element.addEventListener("focusin", start);
    element.addEventListener("input", start);
    element.addEventListener("focusout", remember);
    // Focused or typed into before the scripts ran.
    pickUpTypedBeforeScripts(() => {
      if (element.contains(document.activeElement) || Array.from(element.elements).some(changedSinceDrawn)) start();
    });
    return () => {
      element.removeEventListener("focusin", start);
      element.removeEventListener("input", start);
      element.removeEventListener("focusout", remember);
    };
  }, [formId, load, ready]);

  useEffect(() => {
    if (!ready) return;
    for (const field of leftBeforeReady.current.splice(0)) {
      if (field.isConnected && field !== document.activeElement)
        field.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    }
  }, [ready]);

  return form;
}
