import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FieldErrors, FormAlert } from "~/components/forms/fields";
import { textLinkClass } from "~/components/ui/TextLink";
import type { FieldConstraints } from "~/forms/use-schema-form";
import { useSchemaForm } from "~/forms/use-schema-form";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { promotionIntents, type PromotionFormAnswer } from "./promotion-forms";

const loadCouponSchema = () => import("#contract/promotions").then((module) => module.couponUpdateForm);
const loadVoucherSchema = () => import("#contract/promotions").then((module) => module.voucherUpdateForm);

/** The figures a card shows, as the page's loader words them. */
interface CouponCardData {
  code: string;
  valueText: string;
  windowText: string;
  statusText: string;
  validFrom: string;
  validUntil: string;
  maxUses: number;
  usedCount: number;
  version: string;
  auditId: string;
}

interface VoucherCardData {
  code: string;
  amountText: string;
  expiresText: string;
  statusText: string;
  expiresOn: string;
  redemptions: number;
  version: string;
  auditId: string;
}

const inputLook =
  "mt-1 block w-full min-w-0 rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-lime-700 aria-[invalid=true]:border-red-600";
const saveLook =
  "inline-flex w-full items-center justify-center rounded-full bg-lime-400 px-5 py-2.5 font-semibold text-slate-900 shadow-sm hover:bg-lime-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-70 sm:w-auto";
const cardLook = "space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

function useBusy(intent: string, code: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("code") === code
  );
}

function Field({
  meta,
  label,
  type,
  hint,
}: {
  meta: FieldMetadata<string | number>;
  label: string;
  type: "date" | "number";
  hint?: string;
}) {
  const hintId = `${meta.id}-ayuda`;
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hint ? hintId : undefined });
  return (
    <div className="min-w-0">
      <label htmlFor={meta.id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input
        key={key}
        {...props}
        {...(type === "number" ? { inputMode: "numeric" as const, step: 1 } : {})}
        className={inputLook}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** Another admin saved first: their values are the form's now, and what this admin typed is repeated. */
function StaleNotice({ stale }: { stale: NonNullable<PromotionFormAnswer["stale"]> }) {
  return (
    <div
      role="alert"
      className="space-y-1 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-amber-950"
      data-testid="stale-promotion"
    >
      <p className="font-semibold">{stale.message}</p>
      <p>
        <span className="font-semibold">Habías escrito:</span> {stale.typed}
      </p>
    </div>
  );
}

function CardHeading({
  id,
  title,
  statusText,
  auditId,
}: {
  id: string;
  title: string;
  statusText: string;
  auditId: string;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <h3 id={id} className="break-words text-lg font-bold text-slate-900">
        {title}
      </h3>
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <span
          className="rounded-full bg-slate-100 px-3 py-1 font-semibold text-slate-800"
          data-testid="promotion-status"
        >
          {statusText}
        </span>
        <Link to={adminPaths.auditOf(auditId)} className={textLinkClass}>
          Registro de auditoría<span className="sr-only"> de {title}</span>
        </Link>
      </p>
    </div>
  );
}

/** One coupon: its figures and a form for its first and last day and its limit of uses, remounted (key) by version. */
export function CouponCard({
  coupon,
  constraint,
  answer,
}: {
  coupon: CouponCardData;
  constraint: FieldConstraints;
  answer: PromotionFormAnswer | undefined;
}) {
  const mine = answer?.intent === promotionIntents.coupon && answer.target === coupon.code ? answer : undefined;
  const [form, fields] = useSchemaForm(
    { constraint, load: loadCouponSchema },
    {
      id: `cupon-${coupon.code}`,
      lastResult: mine?.result ?? undefined,
      defaultValue: {
        code: coupon.code,
        version: coupon.version,
        validFrom: coupon.validFrom,
        validUntil: coupon.validUntil,
        maxUses: String(coupon.maxUses),
      },
    },
  );
  const busy = useBusy(promotionIntents.coupon, coupon.code);
  const headingId = `titulo-cupon-${coupon.code}`;
  const title = `Cupón ${coupon.code}`;
  const { key: codeKey, ...codeProps } = getInputProps(fields.code, { type: "hidden" });
  const { key: versionKey, ...versionProps } = getInputProps(fields.version, { type: "hidden" });
  const formErrors = [...(form.errors ?? []), ...(fields.version.errors ?? [])];
  return (
    <li aria-labelledby={headingId} className={cardLook} data-testid="coupon-card">
      <CardHeading id={headingId} title={title} statusText={coupon.statusText} auditId={coupon.auditId} />
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-semibold text-slate-600">Descuento</dt>
        <dd className="text-slate-900">{coupon.valueText}</dd>
        <dt className="font-semibold text-slate-600">Vigencia</dt>
        <dd className="text-slate-900">{coupon.windowText}</dd>
        <dt className="font-semibold text-slate-600">Usos</dt>
        <dd className="text-slate-900" data-testid="coupon-uses">
          {coupon.usedCount} de {coupon.maxUses}
        </dd>
      </dl>
      <Form method="post" {...getFormProps(form)} aria-label={`Cambiar el ${title}`} className="space-y-3">
        {mine?.stale ? <StaleNotice stale={mine.stale} /> : null}
        <FormAlert id={form.errorId} errors={formErrors.length > 0 ? formErrors : undefined} />
        <input key={codeKey} {...codeProps} />
        <input key={versionKey} {...versionProps} />
        <div className="grid gap-3 sm:grid-cols-3">
          <Field meta={fields.validFrom} label="Válido desde" type="date" />
          <Field meta={fields.validUntil} label="Válido hasta" type="date" hint="Incluido ese día entero." />
          <Field
            meta={fields.maxUses}
            label="Límite de usos"
            type="number"
            hint="Pedidos que pueden usarlo en total."
          />
        </div>
        <button type="submit" name="intent" value={promotionIntents.coupon} disabled={busy} className={saveLook}>
          {busy ? "Guardando…" : "Guardar cambios"}
          <span className="sr-only"> del {title}</span>
        </button>
      </Form>
    </li>
  );
}

/** One voucher: its figures and a form for its last day, remounted (key) by version. */
export function VoucherCard({
  voucher,
  constraint,
  answer,
}: {
  voucher: VoucherCardData;
  constraint: FieldConstraints;
  answer: PromotionFormAnswer | undefined;
}) {
  const mine = answer?.intent === promotionIntents.voucher && answer.target === voucher.code ? answer : undefined;
  const [form, fields] = useSchemaForm(
    { constraint, load: loadVoucherSchema },
    {
      id: `voucher-${voucher.code}`,
      lastResult: mine?.result ?? undefined,
      defaultValue: { code: voucher.code, version: voucher.version, expiresOn: voucher.expiresOn },
    },
  );
  const busy = useBusy(promotionIntents.voucher, voucher.code);
  const headingId = `titulo-voucher-${voucher.code}`;
  const title = `Voucher ${voucher.code}`;
  const { key: codeKey, ...codeProps } = getInputProps(fields.code, { type: "hidden" });
  const { key: versionKey, ...versionProps } = getInputProps(fields.version, { type: "hidden" });
  const formErrors = [...(form.errors ?? []), ...(fields.version.errors ?? [])];
  return (
    <li aria-labelledby={headingId} className={cardLook} data-testid="voucher-card">
      <CardHeading id={headingId} title={title} statusText={voucher.statusText} auditId={voucher.auditId} />
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-semibold text-slate-600">Importe</dt>
        <dd className="text-slate-900">{voucher.amountText}</dd>
        <dt className="font-semibold text-slate-600">Último día</dt>
        <dd className="text-slate-900">{voucher.expiresText}</dd>
        <dt className="font-semibold text-slate-600">Canjes</dt>
        <dd className="text-slate-900" data-testid="voucher-redemptions">
          {voucher.redemptions}
        </dd>
      </dl>
      <Form method="post" {...getFormProps(form)} aria-label={`Cambiar el ${title}`} className="space-y-3">
        {mine?.stale ? <StaleNotice stale={mine.stale} /> : null}
        <FormAlert id={form.errorId} errors={formErrors.length > 0 ? formErrors : undefined} />
        <input key={codeKey} {...codeProps} />
        <input key={versionKey} {...versionProps} />
        <div className="sm:max-w-xs">
          <Field
            meta={fields.expiresOn}
            label="Último día para canjearlo"
            type="date"
            hint="Incluido ese día entero."
          />
        </div>
        <button type="submit" name="intent" value={promotionIntents.voucher} disabled={busy} className={saveLook}>
          {busy ? "Guardando…" : "Guardar cambios"}
          <span className="sr-only"> del {title}</span>
        </button>
      </Form>
    </li>
  );
}
