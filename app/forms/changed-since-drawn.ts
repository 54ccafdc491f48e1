/**
 * Whether the shopper changed a form control since the server drew it: a page's scripts start
 * after its first paint (docs/decisions/0019), so a choice can come before React listens. The
 * control's `default…` properties are what the server's HTML said.
 */
export function changedSinceDrawn(element: Element): boolean {
  if (element instanceof HTMLSelectElement) {
    const options = Array.from(element.options);
    if (element.multiple) return options.some((option) => option.selected !== option.defaultSelected);
    // With no option marked (a value from the URL the list lacks), the browser shows the first one.
    const drawn = options.reduce((shown, option, index) => (option.defaultSelected ? index : shown), 0);
    return element.selectedIndex !== drawn;
  }
  if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
  if (!(element instanceof HTMLInputElement) || element.type === "file" || element.type === "hidden") return false;
  if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked;
  return element.value !== element.defaultValue;
}
