import { OFFER_STATUS_LABELS } from "#contract/offer-labels";
import { formatPrice } from "~/services/money";
import type { Offer } from "#contract/offers";

/** An offer with its date already written by the server. */
export interface ListedOffer extends Offer {
  madeAt: string;
}

const STATUS_LOOKS: Record<Offer["status"], { label: string; look: string }> = {
  pendiente: { label: OFFER_STATUS_LABELS.pendiente, look: "bg-amber-50 text-amber-900 ring-amber-600/40" },
  aceptada: { label: OFFER_STATUS_LABELS.aceptada, look: "bg-lime-100 text-lime-900 ring-lime-600/40" },
  rechazada: { label: OFFER_STATUS_LABELS.rechazada, look: "bg-red-50 text-red-900 ring-red-600/40" },
};

/** The offers made on one shop's part of an order, newest first, with their state. */
export function OfferHistory({ offers }: { offers: ListedOffer[] }) {
  if (offers.length === 0)
    return <p className="text-slate-700">Todavía no has propuesto ningún precio a esta tienda.</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {offers.map((offer) => {
        const status = STATUS_LOOKS[offer.status];
        return (
          <li key={offer._id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="offer">
            <span>
              Oferta de <strong>{formatPrice(offer.price)}</strong>{" "}
              <span className="text-sm text-slate-600">
                (<time dateTime={offer.createdAt}>{offer.madeAt}</time>)
              </span>
            </span>
            <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${status.look}`}>
              {status.label}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
