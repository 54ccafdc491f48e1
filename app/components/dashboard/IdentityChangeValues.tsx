/**
 * What a change of a shop's name or tax id asks for (decision 0055): each value asked, as it is →
 * as asked; for the admins (`withReason`), the seller's reason too.
 */
export function IdentityChangeValues({
  change,
  withReason = false,
}: {
  change: {
    before: { shopName: string; rif: string };
    requested: { shopName: string | null; rif: string | null };
    taxIdLabel: string;
    reason: string | null;
  };
  withReason?: boolean;
}) {
  const rows: [string, string, string][] = [];
  if (change.requested.shopName !== null) rows.push(["Nombre", change.before.shopName, change.requested.shopName]);
  if (change.requested.rif !== null) rows.push([change.taxIdLabel, change.before.rif, change.requested.rif]);
  const values = (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, before, after]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900">
            {before} <span aria-hidden="true">→</span>
            <span className="sr-only">pasa a</span> <strong data-testid="requested-value">{after}</strong>
          </dd>
        </div>
      ))}
    </dl>
  );
  if (!withReason || !change.reason) return values;
  return (
    <>
      {values}
      <p className="whitespace-pre-line break-words text-sm text-slate-800">
        <span className="font-semibold">Motivo del vendedor:</span> {change.reason}
      </p>
    </>
  );
}
