/**
 * When a paid part's sale is available to its seller (README "Money rules"), as the seller and the
 * admin read it beside the part: the seller, when they can withdraw it; the admin, until when they
 * may still cancel and refund it. Nothing for a part not paid or refunded.
 */
export function SaleMoneyNote({
  part,
  reader,
}: {
  part: { payment_status: string; moneyAvailable: boolean; moneyAvailableOn: string | null };
  reader: "seller" | "admin";
}) {
  if (part.payment_status !== "pagado") return null;
  const text = (() => {
    if (part.moneyAvailableOn === null)
      return reader === "seller"
        ? "Cobrarás esta venta unos días después de enviarla, antes si el cliente confirma que la recibió."
        : null;
    if (reader === "seller")
      return part.moneyAvailable
        ? `El dinero de esta venta está disponible para retirar desde el ${part.moneyAvailableOn}.`
        : `El dinero de esta venta estará disponible para retirar el ${part.moneyAvailableOn}.`;
    return part.moneyAvailable
      ? `El dinero está disponible para el vendedor desde el ${part.moneyAvailableOn}: esta parte ya no se puede cancelar ni reembolsar.`
      : `El dinero estará disponible para el vendedor el ${part.moneyAvailableOn}: hasta entonces puedes cancelar y reembolsar esta parte.`;
  })();
  if (text === null) return null;
  return (
    <p className="text-sm text-slate-800" data-testid="sale-money">
      {text}
    </p>
  );
}
