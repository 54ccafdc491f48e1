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
