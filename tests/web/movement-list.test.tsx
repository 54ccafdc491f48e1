// @vitest-environment jsdom
import { cleanup, render, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { STOCK_MOVEMENT_WITHOUT_VERSION } from "#contract/stock-labels";
import { MovementList, type ShownMovement } from "~/components/stock/MovementList";

const movement = (id: string, withoutVersion: boolean): ShownMovement => ({
  _id: id,
  size: "",
  kind: "ajuste",
  kindLabel: "Ajuste",
  change: 5,
  stockAfter: 17,
  actorName: "Ana Vendedora",
  withoutVersion,
  createdAt: "2026-11-28T10:00:00.000Z",
  when: "28/11/2026 11:00",
});

/** Issue 32: a save another client sent without the stock version is marked in the seller's movements. */
describe("movimientos de stock", () => {
  afterEach(cleanup);

  it("marca el ajuste guardado sin versión, en la tabla y en la tarjeta del móvil, y solo ese", () => {
    const { getAllByTestId } = render(
      <MovementList movements={[movement("a", true), movement("b", false)]} hasSizes={false} />,
    );
    const [unversionedRow, versionedRow] = getAllByTestId("movement-row");
    expect(within(unversionedRow!).getByText(STOCK_MOVEMENT_WITHOUT_VERSION)).toBeTruthy();
    expect(within(versionedRow!).queryByText(STOCK_MOVEMENT_WITHOUT_VERSION)).toBeNull();
    const [unversionedCard, versionedCard] = getAllByTestId("movement-card");
    expect(within(unversionedCard!).getByText(STOCK_MOVEMENT_WITHOUT_VERSION)).toBeTruthy();
    expect(within(versionedCard!).queryByText(STOCK_MOVEMENT_WITHOUT_VERSION)).toBeNull();
  });
});
