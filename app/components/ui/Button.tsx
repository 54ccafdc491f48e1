import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cx } from "./cx";

/**
 * - `primary`: the form's main action (ball lime, dark text).
 * - `dark`: a shopper's main action on the catalogue's pages (ink).
 * - `secondary`: another action beside the main one.
 * - `danger`: what cannot be undone (reject, delete).
 * - `quiet`: a small action inside a list, read as a link (remove a line).
 * - `ball`: the main action on a dark panel (the home page's hero and banners, /gift's cards), in
 *   the ball's colour, with a focus ring that shows on the dark.
 */
const VARIANTS = {
  primary: "bg-lime-400 text-slate-900 shadow-sm hover:bg-lime-500",
  dark: "bg-ink text-white hover:bg-neutral-800",
  secondary: "border border-slate-400 bg-white text-slate-900 hover:border-slate-900 hover:bg-slate-50",
  danger: "border-2 border-red-700 bg-white text-red-800 hover:bg-red-50",
  quiet: "text-red-700 underline underline-offset-4 hover:text-red-900",
  ball: "bg-ball text-ink hover:bg-ball-strong",
} as const;

/** `md` for a form's submit, `sm` inside lists and cards, `icon` a round button of one symbol (32 px or more). */
const SIZES = {
  md: "min-h-11 px-6 py-2.5",
  sm: "min-h-9 px-4 py-1.5 text-sm",
  icon: "size-9 shrink-0 text-lg leading-none",
} as const;

export interface ButtonLook {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** The whole width on a phone, its own width from `sm` up. */
  wide?: boolean;
  className?: string;
}

/** The look of a button, for what must be another element (a `<summary>`, a label). */
export function buttonClass({ variant = "primary", size = "md", wide = false, className }: ButtonLook = {}) {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60",
    variant === "ball" ? "focus-visible:outline-ball" : "focus-visible:outline-slate-900",
    variant === "quiet" ? "min-h-8 px-1 text-sm" : SIZES[size],
    VARIANTS[variant],
    wide && "w-full sm:w-auto",
    className,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, wide, className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, wide, className })} {...props} />;
});

/** A link that looks like a button: where an action is a page of its own. */
export function ButtonLink({ variant, size, wide, className, ...props }: LinkProps & ButtonLook) {
  return <Link className={buttonClass({ variant, size, wide, className })} {...props} />;
}
