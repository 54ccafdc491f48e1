import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { RETURN_WINDOW_DAYS } from "#contract/limits";
import { SubmitButton, TextareaField, TextField } from "~/components/forms/fields";
import { useFormAnswer } from "~/forms/form-answer";
import { orderReturnIntents, orderReturnSchemas } from "~/forms/order-return.forms";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import type { ListedReturnablePart, OrderReturns } from "~/services/order-returns.server";
import { PartReturns, Refusal } from "./OrderReturns";

/** The customer's page only: kept apart so the shop's and the admin's pages do not load it. */

/** «Devolver productos»: how many units of each line, and why. Works as a plain POST. */
export function ReturnRequestForm({ part, constraint }: { part: ListedReturnablePart; constraint: FieldConstraints }) {
  const reply = useFormAnswer(orderReturnIntents.request, part.shopOrderId);
  const returnable = part.lines.filter((line) => line.returnable > 0);
  const [form, fields] = useSchemaForm(
    { constraint, load: orderReturnSchemas.request },
    {
      id: `devolucion-${part.shopOrderId}`,
      lastResult: reply?.result,
      defaultValue: {
        shopOrderId: part.shopOrderId,
        lines: returnable.map((line) => ({ orderItemId: line.orderItemId, quantity: "0" })),
      },
    },
  );
  const { key, ...shopOrderInput } = getInputProps(fields.shopOrderId, { type: "hidden" });
  const lineFields = fields.lines.getFieldList();
  const legendId = `devolucion-lineas-${part.shopOrderId}`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4"
      aria-label={`Devolver productos de ${part.shopName}`}
    >
      <Refusal notice={reply?.notice} id={form.errorId} errors={form.errors} />
      <input key={key} {...shopOrderInput} />
      <fieldset className="space-y-3" aria-describedby={fields.lines.errorId}>
        <legend id={legendId} className="font-semibold text-slate-900">
          ¿Cuántas unidades devuelves de cada producto?
        </legend>
        {returnable.map((line, index) => {
          const item = lineFields[index]!.getFieldset();
          const { key: itemKey, ...itemInput } = getInputProps(item.orderItemId, { type: "hidden" });
          return (
            <div key={line.orderItemId}>
              <input key={itemKey} {...itemInput} />
              <TextField
                type="number"
                min={0}
                max={line.returnable}
                inputMode="numeric"
                label={`${line.name}${line.size ? ` · talla ${line.size}` : ""}`}
                hint={`Puedes devolver hasta ${line.returnable}.`}
                meta={item.quantity}
              />
            </div>
          );
        })}
      </fieldset>
      <TextareaField label="¿Por qué lo devuelves?" meta={fields.reason} rows={3} />
      <SubmitButton
        intent={orderReturnIntents.request}
        record={{ name: "shopOrderId", value: part.shopOrderId }}
        pending="Enviando…"
        wide={false}
      >
        Devolver productos
      </SubmitButton>
    </Form>
  );
}

/** What the window leaves, then the form: PartReturns' `request` on the customer's page. */
function ReturnRequest({ part, constraint }: { part: ListedReturnablePart; constraint: FieldConstraints }) {
  return (
    <>
      <p className="text-slate-700">
        Tienes {RETURN_WINDOW_DAYS} días desde la entrega para devolver productos: hasta el {part.returnableUntilOn}. La
        tienda te dirá cómo enviarlos y, cuando los reciba, te devolvemos el dinero.
      </p>
      <ReturnRequestForm part={part} constraint={constraint} />
    </>
  );
}

export interface CustomerReturnsProps {
  returns: OrderReturns;
  shopOrderId: string;
  constraint: FieldConstraints;
}

/** A part's returns on the customer's page, with the request form while the part may take one. */
export default function CustomerPartReturns({ returns, shopOrderId, constraint }: CustomerReturnsProps) {
  return (
    <PartReturns
      returns={returns}
      shopOrderId={shopOrderId}
      reader="cliente"
      request={(part, key) => <ReturnRequest key={key} part={part} constraint={constraint} />}
    />
  );
}
