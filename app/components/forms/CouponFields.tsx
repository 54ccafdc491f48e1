import type { FieldMetadata } from "@conform-to/react";
import { SelectField, TextField } from "./fields";

type Meta = FieldMetadata<string | number | undefined>;
type CouponFieldName = "code" | "kind" | "value" | "validFrom" | "validUntil" | "maxUses" | "maxUsesPerCustomer";

/**
 * The fields of a coupon form (app/forms/coupon.schema.ts), the seller's and the admin's alike: its
 * code when it is being created, the discount, the days and the uses. `percentLabel` says what a
 * percentage is taken from.
 */
export function CouponFields({
  fields,
  withCode,
  percentLabel,
}: {
  fields: Record<CouponFieldName, Meta>;
  withCode: boolean;
  percentLabel: string;
}) {
  return (
    <>
      {withCode ? (
        <TextField
          label="Código"
          meta={fields.code}
          autoComplete="off"
          hint="De 4 a 20 letras sin tilde, números o guiones. No se puede cambiar después."
        />
      ) : null}
      <SelectField
        label="Tipo de descuento"
        meta={fields.kind}
        options={[
          { value: "porcentaje", label: percentLabel },
          { value: "importe", label: "Importe fijo (US$)" },
        ]}
      />
      <TextField
        label="Valor"
        meta={fields.value}
        autoComplete="off"
        inputMode="decimal"
        hint="Un porcentaje (1 a 90) o un importe en dólares, por ejemplo 5,50. Nunca descuenta el envío."
      />
      <TextField label="Desde el día" meta={fields.validFrom} type="date" />
      <TextField label="Hasta el día (incluido)" meta={fields.validUntil} type="date" />
      <TextField label="Usos en total" meta={fields.maxUses} inputMode="numeric" autoComplete="off" />
      <TextField label="Usos por cliente" meta={fields.maxUsesPerCustomer} inputMode="numeric" autoComplete="off" />
    </>
  );
}
