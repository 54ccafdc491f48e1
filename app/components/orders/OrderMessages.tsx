import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { MAX_ORDER_MESSAGE_LENGTH } from "#contract/order-message-labels";
import { FormAlert, SubmitButton, TextareaField } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { Notice } from "~/components/ui/Notice";
import { useFormAnswer } from "~/forms/form-answer";
import { ORDER_MESSAGE_INTENT, loadOrderMessageSchema } from "~/forms/order-message.forms";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import type { ListedOrderThread } from "~/services/order-messages.server";

export const ORDER_MESSAGES_LOAD_ERROR =
  "No se pudieron cargar los mensajes. Recarga la página para intentarlo otra vez.";

/** Who reads the thread: the order's customer, the shop's seller, or an admin (who only reads). */
export type ThreadReader = "cliente" | "tienda" | "admin";

function MessageForm({ thread, constraint }: { thread: ListedOrderThread; constraint: FieldConstraints }) {
  const reply = useFormAnswer(ORDER_MESSAGE_INTENT, thread.shopOrderId);
  const [form, fields] = useSchemaForm(
    { constraint, load: loadOrderMessageSchema },
    {
      id: `mensaje-${thread.shopOrderId}`,
      lastResult: reply?.result,
      defaultValue: { shopOrderId: thread.shopOrderId },
    },
  );
  const { key, ...shopOrderInput } = getInputProps(fields.shopOrderId, { type: "hidden" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      {reply?.notice ? (
        <Notice tone="error" id={form.errorId}>
          {reply.notice}
        </Notice>
      ) : (
        <FormAlert id={form.errorId} errors={form.errors} />
      )}
      <input key={key} {...shopOrderInput} />
      <TextareaField
        label="Tu mensaje"
        meta={fields.body}
        rows={3}
        hint={`Solo texto, hasta ${MAX_ORDER_MESSAGE_LENGTH} caracteres.`}
      />
      <SubmitButton
        intent={ORDER_MESSAGE_INTENT}
        record={{ name: "shopOrderId", value: thread.shopOrderId }}
        pending="Enviando…"
        wide={false}
      >
        Enviar mensaje
      </SubmitButton>
    </Form>
  );
}

/**
 * One shop part's messages, oldest first, each with who wrote it («Tú», the shop, «Cliente») and
 * when; the text is shown as text (never HTML, never links). The form is there when `constraint`
 * is given: the customer and the seller write, an admin only reads.
 */
export function OrderMessages({
  thread,
  reader,
  constraint,
}: {
  thread: ListedOrderThread;
  reader: ThreadReader;
  constraint?: FieldConstraints;
}) {
  const headingId = `mensajes-${thread.shopOrderId}`;
  const title = reader === "tienda" ? "Mensajes con el cliente" : `Mensajes con ${thread.shopName}`;
  return (
    <div data-testid="order-messages" className="min-w-0">
      <Card tone="muted" title={title} titleId={headingId} headingLevel={3}>
        <div className="space-y-4">
          {thread.messages.length === 0 ? (
            <p className="text-slate-700">Todavía no hay mensajes.</p>
          ) : (
            <ol className="space-y-3" aria-labelledby={headingId}>
              {thread.messages.map((message) => {
                const role = message.mine ? "Tú" : message.author === "tienda" ? thread.shopName : "Cliente";
                return (
                  <li
                    key={message._id}
                    data-testid="order-message"
                    className="min-w-0 rounded-xl border border-slate-200 bg-white p-3"
                  >
                    <p className="flex flex-wrap gap-x-2 text-sm text-slate-700">
                      <strong className="text-slate-900">{role}</strong>
                      <span className="break-words">{message.authorName}</span>
                      <time dateTime={message.createdAt}>{message.writtenAt}</time>
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{message.body}</p>
                  </li>
                );
              })}
            </ol>
          )}
          {constraint ? <MessageForm key={thread.messages.length} thread={thread} constraint={constraint} /> : null}
        </div>
      </Card>
    </div>
  );
}

/** Where the threads could not be read: the rest of the order still shows. */
export function OrderMessagesUnavailable() {
  return (
    <p role="alert" className="font-medium text-red-800">
      {ORDER_MESSAGES_LOAD_ERROR}
    </p>
  );
}
