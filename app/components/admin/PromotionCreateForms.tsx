import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CouponFields } from "~/components/forms/CouponFields";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { Card } from "~/components/ui/Card";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { promotionIntents, promotionSchemas } from "~/routes/dashboard/admin/coupons.forms";

/** A new store coupon (issue 35): its code, discount, days and limits; the API checks every rule again. */
export function CouponCreateForm({ constraint }: { constraint: FieldConstraints }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: promotionSchemas.createCoupon },
    {
      id: "nuevo-cupon",
      lastResult: useFormAnswer(promotionIntents.createCoupon)?.result,
      defaultValue: { kind: "porcentaje", maxUsesPerCustomer: "1" },
    },
  );
  return (
    <Card title="Crear un cupón" titleId="titulo-crear-cupon">
      <Form method="post" {...getFormProps(form)} aria-label="Crear un cupón" className="grid gap-4 sm:grid-cols-2">
        <FormAlert id={form.errorId} errors={form.errors} className="sm:col-span-2" />
        <CouponFields fields={fields} withCode percentLabel="Porcentaje del carrito" />
        <div className="sm:col-span-2">
          <SubmitButton intent={promotionIntents.createCoupon} pending="Creando…" wide={false}>
            Crear cupón
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}

/** A new voucher (issue 35): its code, the amount it credits to the wallet and its last day. */
export function VoucherCreateForm({ constraint }: { constraint: FieldConstraints }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: promotionSchemas.createVoucher },
    { id: "nuevo-voucher", lastResult: useFormAnswer(promotionIntents.createVoucher)?.result },
  );
  return (
    <Card title="Crear un voucher" titleId="titulo-crear-voucher">
      <Form method="post" {...getFormProps(form)} aria-label="Crear un voucher" className="grid gap-4 sm:grid-cols-3">
        <FormAlert id={form.errorId} errors={form.errors} className="sm:col-span-3" />
        <TextField
          label="Código del voucher"
          meta={fields.code}
          autoComplete="off"
          hint="De 4 a 20 letras sin tilde, números o guiones."
        />
        <TextField
          label="Importe (US$)"
          meta={fields.amount}
          autoComplete="off"
          inputMode="decimal"
          hint="Lo que se abona en la cartera, por ejemplo 25 o 12,50."
        />
        <TextField
          label="Último día para canjearlo"
          meta={fields.expiresOn}
          type="date"
          hint="Incluido ese día entero."
        />
        <div className="sm:col-span-3">
          <SubmitButton intent={promotionIntents.createVoucher} pending="Creando…" wide={false}>
            Crear voucher
          </SubmitButton>
        </div>
      </Form>
    </Card>
  );
}
