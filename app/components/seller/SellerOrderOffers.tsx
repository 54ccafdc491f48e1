import { Form, useNavigation } from "@remix-run/react";
import { OFFERS_LOAD_ERROR } from "#contract/messages";
import type { SellerOffer } from "#contract/offers";
import { formatPrice } from "~/services/money";
import { primaryButtonLook, secondaryButtonLook } from "../product/shopper-forms";
import { sellerOrderIntents } from "./seller-orders";

/** A pending offer with its date already written by the server. */
export interface ListedSellerOffer extends SellerOffer {
  madeAt: string;
}

/**
 * The customer's pending offers on this sub-order, each with 'Aceptar' and 'Rechazar' (a plain POST
 * form with the offer's id); the refusal of the last answer beside its offer. When the offers could
 * not be read, SPEC.md section 8's message stands in their place.
 */
export function SellerOrderOffers({
  offers,
  shippingFee,
  refused,
  locked,
}: {
  /** null: they could not be read. */
  offers: ListedSellerOffer[] | null;
  shippingFee: number;
  refused: { offerId: string; refused: string } | null;
  locked: boolean;
}) {
  const navigation = useNavigation();
  const busyOffer = navigation.state === "submitting" ? navigation.formData?.get("offerId") : null;
  if (offers === null) {
    return (
      <p role="alert" className="font-medium text-red-800" data-testid="offers-error">
        {OFFERS_LOAD_ERROR}
      </p>
    );
  }
  if (offers.length === 0) return <p className="text-slate-700">No hay ofertas pendientes en este pedido.</p>;
  return (
    <ul className="space-y-4" aria-label="Ofertas pendientes">
      {offers.map((offer) => {
        const errorId = `oferta-${offer._id}-rechazo`;
        const refusal = refused?.offerId === offer._id ? refused.refused : null;
        return (
          <li
            key={offer._id}
            className="min-w-0 space-y-3 rounded-xl border border-slate-200 p-4"
            data-testid="seller-offer"
          >
            <p className="break-words text-slate-900">
              {offer.customerName} propone <strong>{formatPrice(offer.price)}</strong> por los productos (subtotal
              actual {formatPrice(offer.currentSubtotal)}). Si la aceptas, el total de tu parte será{" "}
              {formatPrice(offer.price + shippingFee)} con el envío.{" "}
              <span className="text-sm text-slate-600">
                (<time dateTime={offer.createdAt}>{offer.madeAt}</time>)
              </span>
            </p>
            {refusal ? (
              <p
                id={errorId}
                role="alert"
                className="rounded-lg border-l-4 border-red-600 bg-red-50 p-3 font-medium text-red-900"
              >
                {refusal}
              </p>
            ) : null}
            {locked ? (
              <p className="text-sm text-slate-700">Tu tienda está suspendida: no puedes responder ofertas.</p>
            ) : null}
            <Form
              method="post"
              className="flex flex-wrap gap-3"
              aria-label={`Responder a la oferta de ${formatPrice(offer.price)}`}
              aria-describedby={refusal ? errorId : undefined}
            >
              <input type="hidden" name="offerId" value={offer._id} />
              <button
                type="submit"
                name="intent"
                value={sellerOrderIntents.acceptOffer}
                className={primaryButtonLook}
                disabled={busyOffer === offer._id}
              >
                Aceptar<span className="sr-only"> la oferta de {formatPrice(offer.price)}</span>
              </button>
              <button
                type="submit"
                name="intent"
                value={sellerOrderIntents.rejectOffer}
                className={secondaryButtonLook}
                disabled={busyOffer === offer._id}
              >
                Rechazar<span className="sr-only"> la oferta de {formatPrice(offer.price)}</span>
              </button>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}
