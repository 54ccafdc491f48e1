// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  walletBelowPendingSales,
  withdrawalLedgerMismatch,
  withdrawalMissing,
  type BooksAnswer,
} from "#contract/books";
import { formatUsd } from "#contract/money-format";
import AdminBooks from "~/routes/dashboard/admin/books";

/**
 * Issue 31: the admin's Cuentas page names every wallet and withdrawal that does not add up, with
 * its amounts, not only the shops' differences. Drawn by React in jsdom from the loader's data.
 */

const PATH = "/dashboard/admin/books";
const CHECKED_AT = "2026-11-28T10:00:00.000Z";

const balanced: BooksAnswer = {
  shops: [
    {
      shopId: "11111111-1111-4111-8111-111111111111",
      shopName: "Centro Pádel",
      ownerId: "22222222-2222-4222-8222-222222222222",
      paidSales: 19_000,
      cancelledSales: 0,
      returnedSales: 0,
      withdrawals: 0,
      expected: 19_000,
      ledger: 19_000,
      difference: 0,
    },
  ],
  wallets: [],
  withdrawals: [],
  unbalanced: 0,
  checkedAt: CHECKED_AT,
};

const unbalanced: BooksAnswer = {
  ...balanced,
  wallets: [
    {
      userId: "22222222-2222-4222-8222-222222222222",
      name: "Lucía Fernández",
      email: "vendedor1@mercadopadel.test",
      ledger: 12_001,
      stored: 12_001,
      pendingSales: 19_000,
      problems: [walletBelowPendingSales(12_001, 19_000)],
    },
  ],
  withdrawals: [
    {
      withdrawalId: "33333333-3333-4333-8333-333333333333",
      userId: "22222222-2222-4222-8222-222222222222",
      shopName: "Centro Pádel",
      amount: 1000,
      status: "rechazado",
      expected: 0,
      ledger: -1000,
      problem: withdrawalLedgerMismatch(-1000, 0, "rechazado"),
    },
    {
      withdrawalId: "44444444-4444-4444-8444-444444444444",
      userId: "22222222-2222-4222-8222-222222222222",
      shopName: null,
      amount: null,
      status: null,
      expected: 0,
      ledger: 700,
      problem: withdrawalMissing(700),
    },
  ],
  unbalanced: 3,
};

function renderPage(answer: BooksAnswer) {
  const Stub = createRemixStub([
    { path: PATH, Component: AdminBooks, loader: () => ({ ...answer, checkedOn: "28 de noviembre de 2026" }) },
  ]);
  return render(<Stub initialEntries={[PATH]} />);
}

afterEach(cleanup);

describe("la página de cuentas, sin navegador", () => {
  it("sin nada que no cuadre, lo dice y no lista carteras ni retiros", async () => {
    renderPage(balanced);
    expect(await screen.findByTestId("books-summary")).toHaveProperty("textContent", "Todas las cuentas cuadran.");
    expect(screen.queryByRole("heading", { name: "Carteras que no cuadran" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Retiros que no cuadran" })).toBeNull();
  });

  it("nombra cada cartera y cada retiro que no cuadra, con sus importes", async () => {
    renderPage(unbalanced);
    expect(await screen.findByTestId("books-summary")).toHaveProperty(
      "textContent",
      "3 cuentas no cuadran: 1 cartera, 2 retiros.",
    );
    const [wallet] = screen.getAllByTestId("wallet-books");
    expect(within(wallet!).getByRole("heading", { name: "Lucía Fernández" })).toBeTruthy();
    expect(wallet!.textContent).toContain(formatUsd(12_001));
    expect(wallet!.textContent).toContain(formatUsd(19_000));
    expect(wallet!.textContent).toContain(walletBelowPendingSales(12_001, 19_000));

    const [rejected, stray] = screen.getAllByTestId("withdrawal-books");
    expect(rejected!.textContent).toContain("Rechazado");
    expect(rejected!.textContent).toContain(`−${formatUsd(1000)}`);
    expect(rejected!.textContent).toContain(withdrawalLedgerMismatch(-1000, 0, "rechazado"));
    expect(within(stray!).getByRole("heading", { name: "Retiro sin solicitud" })).toBeTruthy();
    expect(stray!.textContent).toContain(withdrawalMissing(700));
  });
});
