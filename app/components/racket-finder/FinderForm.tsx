import { Form, useLocation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { Field, FieldError } from "~/components/ui/Field";
import { Choice, Input } from "~/components/ui/Input";
import {
  BUDGET_QUESTION,
  FINDER_CHOICE_QUESTIONS,
  FINDER_QUESTIONS,
  NO_PREFERENCE,
  type FinderChoiceQuestion,
} from "#contract/racket-finder-fields";

/** The results follow the answers this long after the last change (a budget typed digit by digit). */
const UPDATE_DEBOUNCE_MS = 400;

interface FinderFormProps {
  /** What each question carries in the address, as typed. */
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
}

function Question({ legend, errorId, children }: { legend: string; errorId?: string; children: ReactNode }) {
  return (
    <fieldset aria-describedby={errorId} className="border-t border-slate-200 pt-4">
      <legend className="float-left mb-2 w-full font-semibold text-slate-900">{legend}</legend>
      <div className="clear-left">{children}</div>
    </fieldset>
  );
}

function ChoiceQuestion({
  question,
  value,
  error,
}: {
  question: FinderChoiceQuestion;
  value?: string;
  error?: string;
}) {
  const { legend, options } = FINDER_QUESTIONS[question];
  const errorId = `buscador-${question}-error`;
  return (
    <Question legend={legend} errorId={error ? errorId : undefined}>
      <div className="grid gap-1 sm:grid-cols-2">
        {options.map((option) => (
          <Choice
            key={option.value}
            type="radio"
            name={question}
            value={option.value}
            label={option.label}
            defaultChecked={value === option.value}
          />
        ))}
        <Choice type="radio" name={question} value="" label={NO_PREFERENCE} defaultChecked={!value} />
      </div>
      <FieldError id={errorId} errors={error ? [error] : null} />
    </Question>
  );
}

/**
 * The finder's questions: a plain GET form to /racket-finder, one question per fieldset, so the
 * answers are the page's address. With JavaScript each change sends the same form a moment later,
 * without a click: the same address, the same loader.
 */
export function FinderForm({ values, errors }: FinderFormProps) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const waiting = useRef<ReturnType<typeof setTimeout>>();
  const callOff = useCallback(() => clearTimeout(waiting.current), []);
  useEffect(() => callOff, [callOff]);
  // The address of the answers last sent by the form itself, until it lands.
  const sent = useRef<string | null>(null);
  const { search } = useLocation();
  const drawn = useRef(search);

  // A link (a hint to relax an answer, «Cambiar respuestas»), back or forward changes the address
  // without drawing the form anew: show its answers. The form's own sending is already shown, and
  // while a newer one is on its way the form is newer than the address that lands.
  useEffect(() => {
    const form = formRef.current;
    if (!form || drawn.current === search) return;
    drawn.current = search;
    if (sent.current !== null) {
      if (`?${sent.current}` === search) sent.current = null;
      return;
    }
    for (const control of Array.from(form.elements)) {
      if (!(control instanceof HTMLInputElement) || control.name === "") continue;
      const value = values[control.name] ?? "";
      if (control.type === "radio") control.checked = control.value === value;
      else control.value = value;
    }
  }, [search, values]);

  /** Notes what the form sends; false when it is what the address already says. */
  function remember(form: HTMLFormElement): boolean {
    const query = new URLSearchParams(new FormData(form) as unknown as string[][]).toString();
    sent.current = `?${query}` === window.location.search ? null : query;
    return sent.current !== null;
  }

  function send(form: HTMLFormElement) {
    if (remember(form)) submit(form, { method: "get", replace: true, preventScrollReset: true });
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    callOff();
    waiting.current = setTimeout(() => send(form), UPDATE_DEBOUNCE_MS);
  }

  return (
    <Form
      ref={formRef}
      method="get"
      action="/racket-finder"
      onChange={onChange}
      onSubmit={(event) => {
        callOff();
        remember(event.currentTarget);
      }}
      className="space-y-4"
      data-testid="buscador-form"
    >
      {FINDER_CHOICE_QUESTIONS.map((question) => (
        <ChoiceQuestion key={question} question={question} value={values[question]} error={errors[question]} />
      ))}
      <Question legend={BUDGET_QUESTION.legend}>
        <Field
          id="buscador-presupuesto"
          label={BUDGET_QUESTION.label}
          hint={BUDGET_QUESTION.hint}
          errors={errors.presupuesto ? [errors.presupuesto] : null}
        >
          <Input name="presupuesto" inputMode="numeric" autoComplete="off" defaultValue={values.presupuesto ?? ""} />
        </Field>
      </Question>
      <Button type="submit" variant="dark" wide>
        Ver mis palas
      </Button>
    </Form>
  );
}
