// @vitest-environment jsdom
import { cleanup, render, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { OfferStatus } from "#contract/offers";
import { OfferHistory } from "~/components/dashboard/OfferHistory";
import type { ListedOffer } from "~/services/customer-orders.server";

const offer = (id: string, status: OfferStatus): ListedOffer => ({
  _id: id,
  shopOrderId: "parte",
  price: 10_000,
  status,
  createdAt: "2026-11-28T10:00:00.000Z",
  answeredAt: status === "pendiente" ? null : "2026-11-29T10:00:00.000Z",
  expiresAt: "2026-11-29T10:00:00.000Z",
  madeAt: "28/11/2026 a las 11:00",
  answerBy: "29/11/2026 a las 11:00",
});

/** Issue 33: an offer nobody answered reads «Caducada», one closed by paying «Cerrada», never «Rechazada». */
describe("historial de ofertas del cliente", () => {
  afterEach(cleanup);

  it("nombra cada estado con su palabra y da el plazo solo a la pendiente", () => {
    const { getAllByTestId } = render(
      <OfferHistory
        offers={[offer("a", "pendiente"), offer("b", "caducada"), offer("c", "cerrada"), offer("d", "rechazada")]}
      />,
    );
    const [pending, lapsed, closed, rejected] = getAllByTestId("offer");
    expect(within(pending!).getByText("Pendiente")).toBeTruthy();
    expect(within(pending!).getByTestId("offer-deadline").textContent).toContain(
      "El vendedor puede responder hasta el 29/11/2026 a las 11:00",
    );
    expect(within(lapsed!).getByText("Caducada")).toBeTruthy();
    expect(within(lapsed!).queryByText("Rechazada")).toBeNull();
    expect(within(lapsed!).queryByTestId("offer-deadline")).toBeNull();
    expect(within(closed!).getByText("Cerrada")).toBeTruthy();
    expect(within(rejected!).getByText("Rechazada")).toBeTruthy();
  });
});
