import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { OFFERS_LOAD_ERROR } from "#contract/messages";
import type { SellerOffer } from "#contract/offers";
import { FormAlert } from "~/components/forms/fields";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";
import { useFormAnswer } from "~/forms/form-answer";
import { useSchemaForm, type FieldConstraints } from "~/forms/use-schema-form";
import { sellerOrderIntents, sellerOrderSchemas } from "~/routes/dashboard/seller/order-details.forms";
import { formatPrice } from "~/services/money";

/** A pending offer with its date already written by the server. */
export interface ListedSellerOffer extends SellerOffer {
  madeAt: string;
  /** The deadline to answer, written by the server. */
  answerBy: string;
}

/** One offer's answer, whichever of its two buttons was pressed. */
function useOfferAnswer(offerId: string) {
  const accepted = useFormAnswer(sellerOrderIntents.acceptOffer, offerId);
  const rejected = useFormAnswer(sellerOrderIntents.rejectOffer, offerId);
  return accepted ?? rejected;
}

function OfferItem({
  offer,
  shippingFee,
  locked,
  constraint,
}: {
  offer: ListedSellerOffer;
  shippingFee: number;
  locked: boolean;
  constraint: FieldConstraints;
}) {
  const answer = useOfferAnswer(offer._id);
  const [form] = useSchemaForm(
    { constraint, load: sellerOrderSchemas.offer },
    { id: `oferta-${offer._id}`, lastResult: answer?.result },
  );
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("offerId") === offer._id;
  const refused = Boolean(answer?.notice) || Boolean(form.errors?.length);
  return (
    <li className="min-w-0 space-y-3 rounded-xl border border-slate-200 p-4" data-testid="seller-offer">
      <p className="break-words text-slate-900">
        {offer.customerName} propone <strong>{formatPrice(offer.price)}</strong> por los productos (subtotal actual{" "}
        {formatPrice(offer.currentSubtotal)}). Si la aceptas, el total de tu parte será{" "}
        {formatPrice(offer.price + shippingFee)} con el envío.{" "}
        <span className="text-sm text-slate-600">
          (<time dateTime={offer.createdAt}>{offer.madeAt}</time>)
        </span>
      </p>
      <p className="text-sm text-slate-700" data-testid="seller-offer-deadline">
        Responde antes del <time dateTime={offer.expiresAt}>{offer.answerBy}</time>: después la oferta caduca y el
        pedido deja de reservar el stock si no se ha pagado.
      </p>
      {answer?.notice ? (
        <Notice tone="error" id={form.errorId}>
          {answer.notice}
        </Notice>
      ) : (
        <FormAlert id={form.errorId} errors={form.errors} />
      )}
      {locked ? (
        <p className="text-sm text-slate-700">Tu tienda está suspendida: no puedes responder ofertas.</p>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex flex-wrap gap-3"
        aria-label={`Responder a la oferta de ${formatPrice(offer.price)}`}
        aria-describedby={refused ? form.errorId : undefined}
      >
        <input type="hidden" name="offerId" value={offer._id} />
        <Button type="submit" name="intent" value={sellerOrderIntents.acceptOffer} size="sm" disabled={busy}>
          Aceptar<span className="sr-only"> la oferta de {formatPrice(offer.price)}</span>
        </Button>
        <Button
          type="submit"
          name="intent"
          value={sellerOrderIntents.rejectOffer}
          variant="secondary"
          size="sm"
          disabled={busy}
        >
          Rechazar<span className="sr-only"> la oferta de {formatPrice(offer.price)}</span>
        </Button>
      </Form>
    </li>
  );
}

/**
 * The customer's pending offers on this sub-order, each with 'Aceptar' and 'Rechazar' (a plain POST
 * form with the offer's id); the refusal of the last answer beside its offer. When the offers could
 * not be read, SPEC.md section 8's message stands in their place.
 */
export function SellerOrderOffers({
  offers,
  shippingFee,
  locked,
  constraint,
}: {
  /** null: they could not be read. */
  offers: ListedSellerOffer[] | null;
  shippingFee: number;
  locked: boolean;
  /** The offer form's constraints, worked out by the page's loader. */
  constraint: FieldConstraints;
}) {
  if (offers === null) {
    return (
      <div data-testid="offers-error">
        <Notice tone="error">{OFFERS_LOAD_ERROR}</Notice>
      </div>
    );
  }
  if (offers.length === 0) return <p className="text-slate-700">No hay ofertas pendientes en este pedido.</p>;
  return (
    <ul className="space-y-4" aria-label="Ofertas pendientes">
      {offers.map((offer) => (
        <OfferItem key={offer._id} offer={offer} shippingFee={shippingFee} locked={locked} constraint={constraint} />
      ))}
    </ul>
  );
}
