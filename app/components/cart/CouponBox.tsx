import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms/fields";
import { FieldError } from "~/components/ui/Field";
import { Input } from "~/components/ui/Input";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { cartSchemas, couponIntents } from "~/routes/cart.forms";

/** The coupon on the cart, as the loader writes it ('−20 %'). */
export interface AppliedCoupon {
  code: string;
  valueText: string;
}

/**
 * The cart's coupon field (DESIGN.md section 3): plain POST forms to the cart page itself, so it
 * works without JavaScript. A visitor's coupon stays on their cart when they sign in.
 */
export function CouponBox({
  coupon,
  shopCoupons = [],
  constraint,
}: {
  coupon: AppliedCoupon | null;
  /** The shops' own coupons on the cart (issue 34), one per shop. */
  shopCoupons?: (AppliedCoupon & { shopName: string })[];
  constraint: FieldConstraints;
}) {
  return (
    <div className="mt-6 space-y-4 border-t border-neutral-300 pt-5 text-sm" data-testid="coupon-box">
      {shopCoupons.map((shopCoupon) => (
        <Form
          key={shopCoupon.code}
          method="post"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-lime-100 px-3 py-2"
          data-testid="applied-shop-coupon"
        >
          <input type="hidden" name="code" value={shopCoupon.code} />
          <p className="font-semibold text-ink">
            Cupón <span className="font-mono">{shopCoupon.code}</span> de {shopCoupon.shopName}: {shopCoupon.valueText}
          </p>
          <SubmitButton intent={couponIntents.removeShop} pending="Quitando…" variant="quiet" wide={false}>
            Quitar<span className="sr-only"> el cupón {shopCoupon.code}</span>
          </SubmitButton>
        </Form>
      ))}
      {coupon ? (
        <Form
          method="post"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-lime-100 px-3 py-2"
          data-testid="applied-coupon"
        >
          <p className="font-semibold text-ink">
            Cupón <span className="font-mono">{coupon.code}</span> aplicado: {coupon.valueText}
          </p>
          <SubmitButton intent={couponIntents.remove} pending="Quitando…" variant="quiet" wide={false}>
            Quitar<span className="sr-only"> el cupón {coupon.code}</span>
          </SubmitButton>
        </Form>
      ) : null}
      {/* A new coupon (or its removal) starts the field afresh. */}
      <CouponForm
        key={[coupon?.code ?? "sin-cupon", ...shopCoupons.map((shopCoupon) => shopCoupon.code)].join(" ")}
        constraint={constraint}
      />
    </div>
  );
}

function CouponForm({ constraint }: { constraint: FieldConstraints }) {
  const [form, fields] = useSchemaForm(
    { constraint, load: cartSchemas.coupon },
    { id: "cupon", lastResult: useFormAnswer(couponIntents.apply)?.result, shouldValidate: "onSubmit" },
  );
  const { key, ...inputProps } = getInputProps(fields.code, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)}>
      <label htmlFor={fields.code.id} className="block font-bold text-ink">
        Código de cupón
      </label>
      {/* The button beside the field, the refusal under both. */}
      <div className="mt-1.5 flex gap-2">
        <Input
          key={key}
          {...inputProps}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Ej.: AHORRA20"
          controlSize="sm"
          className="uppercase placeholder:normal-case"
        />
        <SubmitButton intent={couponIntents.apply} pending="Aplicando…" variant="dark" size="sm" wide={false}>
          Aplicar
        </SubmitButton>
      </div>
      <FieldError id={fields.code.errorId} errors={fields.code.errors} />
    </Form>
  );
}
