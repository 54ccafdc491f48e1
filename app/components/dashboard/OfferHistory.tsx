import { OFFER_STATUS_LABELS } from "#contract/offer-labels";
import { formatPrice } from "~/services/money";
import type { Offer } from "#contract/offers";
import { Badge, type BadgeTone } from "~/components/ui/Badge";
import type { ListedOffer } from "~/services/customer-orders.server";

const STATUS_TONES: Record<Offer["status"], BadgeTone> = {
  pendiente: "warning",
  aceptada: "success",
  rechazada: "danger",
  caducada: "neutral",
  cerrada: "neutral",
};

/** The offers made on one shop's part of an order, newest first, with their state. */
export function OfferHistory({ offers }: { offers: ListedOffer[] }) {
  if (offers.length === 0)
    return <p className="text-slate-700">Todavía no has propuesto ningún precio a esta tienda.</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {offers.map((offer) => {
        return (
          <li key={offer._id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="offer">
            <span>
              Oferta de <strong>{formatPrice(offer.price)}</strong>{" "}
              <span className="text-sm text-slate-600">
                (<time dateTime={offer.createdAt}>{offer.madeAt}</time>)
              </span>
              {offer.status === "pendiente" ? (
                <span className="block text-sm text-slate-700" data-testid="offer-deadline">
                  El vendedor puede responder hasta el <time dateTime={offer.expiresAt}>{offer.answerBy}</time>;
                  mientras tanto tu pedido conserva el stock y puedes pagarlo al precio de ahora.
                </span>
              ) : null}
            </span>
            <Badge tone={STATUS_TONES[offer.status]}>{OFFER_STATUS_LABELS[offer.status]}</Badge>
          </li>
        );
      })}
    </ul>
  );
}
