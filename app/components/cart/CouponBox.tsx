import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";
import { primaryButtonLook } from "~/components/product/shopper-forms";
import { formatPrice } from "~/services/money";
import { couponIntents } from "./coupon-intents";

const loadCouponSchema = () => import("./coupon-schema").then((module) => module.couponSchema);

export interface CartCoupon {
  code: string;
  kind: "porcentaje" | "importe";
  /** A percentage for 'porcentaje', cents for 'importe'. */
  value: number;
}

/** '−20 %' or '−50,00 US$': what the coupon promises, the summary shows what it takes off now. */
export function couponValueText(coupon: CartCoupon): string {
  return coupon.kind === "porcentaje" ? `−${coupon.value} %` : `−${formatPrice(coupon.value)}`;
}

const inputLook =
  "block w-full min-w-0 rounded-lg border border-neutral-500 bg-white px-3 py-2 text-sm uppercase text-ink placeholder:normal-case placeholder:text-neutral-500 aria-[invalid=true]:border-red-600";

/**
 * The cart's coupon field (DESIGN.md section 3): plain POST forms to the cart page itself, so it
 * works without JavaScript. A visitor's coupon stays on their cart when they sign in.
 */
export function CouponBox({
  coupon,
  constraint,
  lastResult,
}: {
  coupon: CartCoupon | null;
  constraint: FieldConstraints;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const sending = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;

  return (
    <div className="mt-6 space-y-4 border-t border-neutral-300 pt-5 text-sm" data-testid="coupon-box">
      {coupon ? (
        <Form
          method="post"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-lime-100 px-3 py-2"
          data-testid="applied-coupon"
        >
          <p className="font-semibold text-ink">
            Cupón <span className="font-mono">{coupon.code}</span> aplicado: {couponValueText(coupon)}
          </p>
          <button
            type="submit"
            name="intent"
            value={couponIntents.remove}
            disabled={sending(couponIntents.remove)}
            className="text-sm font-semibold text-red-700 underline underline-offset-4 hover:text-red-900 disabled:opacity-60"
          >
            Quitar<span className="sr-only"> el cupón {coupon.code}</span>
          </button>
        </Form>
      ) : null}
      {/* A new coupon (or its removal) starts the field afresh. */}
      <CouponForm
        key={coupon?.code ?? "sin-cupon"}
        constraint={constraint}
        lastResult={lastResult}
        sending={sending(couponIntents.apply)}
      />
    </div>
  );
}

function CouponForm({
  constraint,
  lastResult,
  sending,
}: {
  constraint: FieldConstraints;
  lastResult?: SubmissionResult<string[]> | null;
  sending: boolean;
}) {
  const [form, fields] = useSchemaForm(
    { constraint, load: loadCouponSchema },
    { id: "cupon", lastResult, shouldValidate: "onSubmit" },
  );
  const { key, ...inputProps } = getInputProps(fields.code, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)}>
      <label htmlFor={fields.code.id} className="block font-bold text-ink">
        Código de cupón
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          key={key}
          {...inputProps}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Ej.: AHORRA20"
          className={inputLook}
        />
        <button
          type="submit"
          name="intent"
          value={couponIntents.apply}
          disabled={sending}
          className={primaryButtonLook}
        >
          Aplicar
        </button>
      </div>
      {fields.code.errors ? (
        <p id={fields.code.errorId} className="mt-1.5 font-medium text-red-700" role="alert">
          {fields.code.errors.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}
