/**
 * A form's fields, as every action reads them. A body that is no form (malformed multipart, the wrong
 * content type) is the sender's fault: 400 and the error page, not a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    if (request.signal.aborted) throw error;
    throw new Response("Formulario no válido", { status: 400, statusText: "Formulario no válido" });
  }
}

/**
 * Whether the post carried a chosen file. No browser sends files back, so a form shown again after
 * such a post asks to choose them again; after a post without one, that would only confuse.
 */
export function carriesFiles(formData: FormData): boolean {
  for (const value of formData.values()) if (value instanceof File && value.size > 0) return true;
  return false;
}
