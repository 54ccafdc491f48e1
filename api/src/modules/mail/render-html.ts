import { toPlainText } from "@react-email/components";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * React Email's render, but from one string: its streamed render (React 18's renderToReadableStream)
 * leaves zero bytes where a multi-byte character meets a 2 KB chunk's end, so mails with accents or
 * the preview's padding came out with NULs that PostgreSQL refuses, failing the event they report.
 * Our templates never suspend, so the synchronous render gives the same document.
 */
export async function render(element: ReactElement, options?: { plainText?: boolean }): Promise<string> {
  const html = `${DOCTYPE}${renderToStaticMarkup(element)}`;
  return options?.plainText ? toPlainText(html) : html;
}
