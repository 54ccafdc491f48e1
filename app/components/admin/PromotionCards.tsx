import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { Badge } from "~/components/ui/Badge";
import { cardClass } from "~/components/ui/Card";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { promotionIntents, promotionSchemas, type PromotionFormAnswer } from "~/routes/dashboard/admin/coupons.forms";
import { adminPaths } from "~/routes/dashboard/admin/paths";

/** The figures a card shows, as the page's loader words them. */
interface CouponCardData {
  code: string;
  valueText: string;
  windowText: string;
  statusText: string;
  usesText: string;
  endedAt: string | null;
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
  expired: boolean;
}

/** A date or a whole number of a card's form: a number is typed on a phone's number pad. */
function DateOrNumberField({
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
  return (
    <TextField
      label={label}
      meta={meta}
      type={type}
      hint={hint}
      controlSize="sm"
      className="min-w-0"
      {...(type === "number" ? { inputMode: "numeric" as const, step: "1" } : {})}
    />
  );
}

/** Another admin saved first: their values are the form's now, and what this admin typed is repeated. */
function StaleNotice({ answer }: { answer: PromotionFormAnswer | undefined }) {
  if (!answer?.notice) return null;
  return (
    <div role="alert" data-testid="stale-promotion">
      <Notice tone="warning" title={answer.notice}>
        <p>
          <span className="font-semibold">Habías escrito:</span> {answer.typed}
        </p>
      </Notice>
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
        <Badge data-testid="promotion-status">{statusText}</Badge>
        <TextLink to={adminPaths.auditOf(auditId)}>
          Registro de auditoría<span className="sr-only"> de {title}</span>
        </TextLink>
      </p>
    </div>
  );
}

/** One coupon: its figures and a form for its first and last day and its limit of uses, remounted (key) by version. */
export function CouponCard({ coupon, constraint }: { coupon: CouponCardData; constraint: FieldConstraints }) {
  const headingId = `titulo-cupon-${coupon.code}`;
  const title = `Cupón ${coupon.code}`;
  return (
    <li aria-labelledby={headingId} className={cardClass("plain", "space-y-4")} data-testid="coupon-card">
      <CardHeading id={headingId} title={title} statusText={coupon.statusText} auditId={coupon.auditId} />
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-semibold text-slate-600">Descuento</dt>
        <dd className="text-slate-900">{coupon.valueText}</dd>
        <dt className="font-semibold text-slate-600">Vigencia</dt>
        <dd className="text-slate-900">{coupon.windowText}</dd>
        <dt className="font-semibold text-slate-600">Usos</dt>
        <dd className="text-slate-900" data-testid="coupon-uses">
          {coupon.usesText}
        </dd>
      </dl>
      {coupon.endedAt ? (
        <p className="text-sm text-slate-700">Terminado: ya no se aplica a pedidos nuevos.</p>
      ) : (
        <CouponForms coupon={coupon} title={title} constraint={constraint} />
      )}
    </li>
  );
}

/** An active coupon's forms: its days and limit, and its end. */
function CouponForms({
  coupon,
  title,
  constraint,
}: {
  coupon: CouponCardData;
  title: string;
  constraint: FieldConstraints;
}) {
  const mine: PromotionFormAnswer | undefined = useFormAnswer(promotionIntents.coupon, coupon.code);
  const [form, fields] = useSchemaForm(
    { constraint, load: promotionSchemas.coupon },
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
  const { key: codeKey, ...codeProps } = getInputProps(fields.code, { type: "hidden" });
  const { key: versionKey, ...versionProps } = getInputProps(fields.version, { type: "hidden" });
  const formErrors = [...(form.errors ?? []), ...(fields.version.errors ?? [])];
  return (
    <>
      <Form method="post" {...getFormProps(form)} aria-label={`Cambiar el ${title}`} className="space-y-3">
        <StaleNotice answer={mine} />
        <FormAlert id={form.errorId} errors={formErrors.length > 0 ? formErrors : undefined} />
        <input key={codeKey} {...codeProps} />
        <input key={versionKey} {...versionProps} />
        <div className="grid gap-3 sm:grid-cols-3">
          <DateOrNumberField meta={fields.validFrom} label="Válido desde" type="date" />
          <DateOrNumberField
            meta={fields.validUntil}
            label="Válido hasta"
            type="date"
            hint="Incluido ese día entero."
          />
          <DateOrNumberField
            meta={fields.maxUses}
            label="Límite de usos"
            type="number"
            hint="Pedidos que pueden usarlo en total."
          />
        </div>
        <SubmitButton
          intent={promotionIntents.coupon}
          record={{ name: "code", value: coupon.code }}
          pending="Guardando…"
        >
          Guardar cambios<span className="sr-only"> del {title}</span>
        </SubmitButton>
      </Form>
      {/* Ending takes effect at once: orders placed keep their discount, no new one gets it. */}
      <EndForm
        intent={promotionIntents.endCoupon}
        code={coupon.code}
        title={title}
        note="Terminarlo lo deja sin efecto desde ahora; los pedidos ya hechos conservan su descuento."
      />
    </>
  );
}

/** A coupon's or voucher's end: one button, at once; a refusal (ended meanwhile) said above it. */
function EndForm({
  intent,
  code,
  title,
  note,
}: {
  intent: typeof promotionIntents.endCoupon | typeof promotionIntents.endVoucher;
  code: string;
  title: string;
  note: string;
}) {
  const ending = useFormAnswer(intent, code);
  return (
    <Form method="post" aria-label={`Terminar el ${title}`} className="space-y-2 border-t border-slate-200 pt-3">
      {ending?.notice ? (
        <div role="alert">
          <Notice tone="warning">{ending.notice}</Notice>
        </div>
      ) : null}
      <input type="hidden" name="code" value={code} />
      <p className="text-sm text-slate-700">{note}</p>
      <SubmitButton
        intent={intent}
        record={{ name: "code", value: code }}
        pending="Terminando…"
        variant="secondary"
        wide={false}
      >
        Terminar<span className="sr-only"> el {title}</span>
      </SubmitButton>
    </Form>
  );
}

/** One voucher: its figures and a form for its last day, remounted (key) by version. */
export function VoucherCard({ voucher, constraint }: { voucher: VoucherCardData; constraint: FieldConstraints }) {
  const mine: PromotionFormAnswer | undefined = useFormAnswer(promotionIntents.voucher, voucher.code);
  const [form, fields] = useSchemaForm(
    { constraint, load: promotionSchemas.voucher },
    {
      id: `voucher-${voucher.code}`,
      lastResult: mine?.result ?? undefined,
      defaultValue: { code: voucher.code, version: voucher.version, expiresOn: voucher.expiresOn },
    },
  );
  const headingId = `titulo-voucher-${voucher.code}`;
  const title = `Voucher ${voucher.code}`;
  const { key: codeKey, ...codeProps } = getInputProps(fields.code, { type: "hidden" });
  const { key: versionKey, ...versionProps } = getInputProps(fields.version, { type: "hidden" });
  const formErrors = [...(form.errors ?? []), ...(fields.version.errors ?? [])];
  return (
    <li aria-labelledby={headingId} className={cardClass("plain", "space-y-4")} data-testid="voucher-card">
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
        <StaleNotice answer={mine} />
        <FormAlert id={form.errorId} errors={formErrors.length > 0 ? formErrors : undefined} />
        <input key={codeKey} {...codeProps} />
        <input key={versionKey} {...versionProps} />
        <div className="sm:max-w-xs">
          <DateOrNumberField
            meta={fields.expiresOn}
            label="Último día para canjearlo"
            type="date"
            hint="Incluido ese día entero."
          />
        </div>
        <SubmitButton
          intent={promotionIntents.voucher}
          record={{ name: "code", value: voucher.code }}
          pending="Guardando…"
        >
          Guardar cambios<span className="sr-only"> del {title}</span>
        </SubmitButton>
      </Form>
      {voucher.expired ? null : (
        <EndForm
          intent={promotionIntents.endVoucher}
          code={voucher.code}
          title={title}
          note="Terminarlo impide canjearlo desde ahora; lo ya canjeado sigue en las carteras."
        />
      )}
    </li>
  );
}
