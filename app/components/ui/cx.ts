/** Joins the class names that apply; Tailwind reads each one whole from the source. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
