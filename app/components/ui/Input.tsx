import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cx } from "./cx";

/** Every text box and list of the store: a red border when its field is refused (aria-invalid). */
const CONTROL =
  "block w-full min-w-0 rounded-lg border border-slate-500 bg-white text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700 aria-[invalid=true]:border-red-600 disabled:bg-slate-100";

/** `md` in forms; `sm` in a row of a table or a compact filter. */
const CONTROL_SIZES = { md: "px-3.5 py-2.5", sm: "px-2.5 py-2 text-sm" } as const;

export interface ControlLook {
  controlSize?: keyof typeof CONTROL_SIZES;
}

export function controlClass({ controlSize = "md" }: ControlLook = {}, className?: string) {
  return cx(CONTROL, CONTROL_SIZES[controlSize], className);
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & ControlLook>(function Input(
  { controlSize, className, ...props },
  ref,
) {
  return <input ref={ref} className={controlClass({ controlSize }, className)} {...props} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & ControlLook>(
  function Select({ controlSize, className, ...props }, ref) {
    return <select ref={ref} className={controlClass({ controlSize }, className)} {...props} />;
  },
);

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & ControlLook>(
  function Textarea({ controlSize, className, ...props }, ref) {
    return <textarea ref={ref} className={controlClass({ controlSize }, className)} {...props} />;
  },
);

/** A checkbox or radio button with its label beside it, the whole line a target. */
export const Choice = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { type?: "checkbox" | "radio"; label: React.ReactNode }
>(function Choice({ type = "checkbox", label, className, ...props }, ref) {
  return (
    <label className={cx("flex min-h-8 items-center gap-2 text-slate-900", className)}>
      <input ref={ref} type={type} className="size-4 shrink-0 accent-lime-700" {...props} />
      <span>{label}</span>
    </label>
  );
});
