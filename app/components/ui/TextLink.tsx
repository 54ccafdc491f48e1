import { Link, type LinkProps } from "@remix-run/react";
import { cx } from "./cx";

/** Underlined in lime: a link inside text or a table. */
export const textLinkClass =
  "font-semibold text-slate-900 underline decoration-lime-500 decoration-2 underline-offset-2 hover:decoration-slate-900";

export function TextLink({ className, ...props }: LinkProps) {
  return <Link className={cx(textLinkClass, className)} {...props} />;
}
