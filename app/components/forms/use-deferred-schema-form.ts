import { useEffect, useRef, useState } from "react";
import type { ZodTypeAny } from "zod";
import { pickUpTypedBeforeScripts } from "~/components/typed-before-scripts";
import { changedSinceDrawn } from "./changed-since-drawn";
import { useConformForm, type FieldConstraints, type SchemaFormOptions } from "./conform-form";
import type { SchemaValidator } from "./zod-validation";

/** A form's schema as a page that does not load zod up front holds it. */
export interface DeferredSchema<Schema extends ZodTypeAny> {
  /** Worked out from the schema by the route's loader, so the server's HTML and the browser's controls agree. */
  constraint: FieldConstraints;
  /**
   * Imports the schema's module. It keys the cache below: declare it at module level, or memoize it
   * on what the schema depends on (a form whose fields follow the page's data).
   */
  load: () => Promise<Schema>;
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
 * useSchemaForm for forms many visits leave untouched (the cart's coupon, contact, signing in,
 * the dashboard's forms, most of which sit beside what the page is there to show): zod,
 * Conform's zod adapter and the schema (about 17 KB gzipped) are loaded when the shopper first
 * focuses or types into the form. Until then the form is what it is without scripts, checked by
 * the action on submit. Fields left while the code was on its way are checked once it arrives, as
 * leaving them would have.
 */
export function useDeferredSchemaForm<Schema extends ZodTypeAny>(
  { constraint, load }: DeferredSchema<Schema>,
  { shouldValidate = "onBlur", ...options }: SchemaFormOptions<Schema> = {},
) {
  const [validate, setValidate] = useState(() => validators.get(load) as SchemaValidator<Schema> | undefined);
  const ready = validate !== undefined;
  const leftBeforeReady = useRef<Element[]>([]);
  const form = useConformForm<Schema>({
    ...options,
    constraint,
    shouldValidate: ready ? shouldValidate : "onSubmit",
    shouldRevalidate: ready ? "onInput" : "onSubmit",
    onValidate: validate,
  });
  const formId = form[0].id;

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
