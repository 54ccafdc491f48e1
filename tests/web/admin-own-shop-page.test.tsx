// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ShopRequest, ShopSummary } from "#contract/shops";
import ShopRequestPage from "~/routes/dashboard/admin/shop-request";
import AdminShops from "~/routes/dashboard/admin/shops";
import { loadShopRequest, loadShops } from "~/services/admin-shops.server";
import type { AccountClient } from "~/services/auth.server";

/**
 * Issue 31, item 3: an admin never decides on their own shop. The request's page and the shops
 * list, drawn in jsdom from their real loader services with an admin's account, offer no decision
 * to the admin who owns the shop and say why; another admin's shop keeps its forms. (The API refuses
 * the decisions too: tests/api/shops.test.ts.)
 */

const ADMIN_ID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const OTHER_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";

function request(userId: string, status: ShopRequest["status"], shopName: string): ShopRequest {
  return {
    _id: `${userId.slice(0, 8)}-1111-4111-8111-111111111111`,
    userId,
    applicant: { name: "Alba Admin", email: "alba@example.test" },
    shopName,
    slug: shopName.toLowerCase().replaceAll(" ", "-"),
    rif: "J-12345678-9",
    country: "VE",
    province: "Distrito Capital",
    city: "Caracas",
    address: "Av. Francisco de Miranda 1",
    location: "Av. Francisco de Miranda 1, Caracas",
    phone: "+58 212 555 0000",
    status,
    statusReason: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    documents: [
      {
        _id: "cccccccc-cccc-4ccc-8ccc-cccccccccccc",
        fileName: "rif.pdf",
        contentType: "application/pdf",
        size: 2048,
        status: "enviado",
        note: null,
        replacesId: null,
        createdAt: "2026-11-20T10:00:00.000Z",
      },
    ],
    history: [],
    fieldsToFix: [],
    versions: [],
  };
}

/** An admin's account whose every call answers `answer` (what the page's loader asks for). */
function adminAccount(answer: unknown): AccountClient {
  return { user: { id: ADMIN_ID, role: "admin" }, call: () => Promise.resolve(answer) } as unknown as AccountClient;
}

async function renderRequestPage(shop: ShopRequest) {
  // The page reads the request and the shop's changes of name or tax id (none here).
  const data = await loadShopRequest(adminAccount({ request: shop, changes: [] }), shop.userId);
  const path = `/dashboard/admin/shop-requests/${shop.userId}`;
  const Stub = createRemixStub([{ path, Component: ShopRequestPage, loader: () => data }]);
  render(<Stub initialEntries={[path]} />);
  await screen.findByRole("heading", { level: 1, name: shop.shopName });
}

afterEach(cleanup);

describe("un admin no decide sobre su propia tienda (página, sin navegador)", () => {
  it("su propia solicitud pendiente no ofrece aprobar, rechazar ni pedir cambios, y dice por qué", async () => {
    await renderRequestPage(request(ADMIN_ID, "pendiente", "Tienda de Alba"));
    const decision = screen.getByRole("region", { name: "Decisión" });
    expect(within(decision).getByTestId("own-request").textContent).toContain(
      "Es tu propia solicitud: otro administrador debe decidirla.",
    );
    expect(within(decision).queryAllByRole("button")).toEqual([]);
    expect(within(decision).queryAllByRole("form")).toEqual([]);
  });

  it("la solicitud de otra persona sigue ofreciendo las tres decisiones", async () => {
    await renderRequestPage(request(OTHER_ID, "pendiente", "Tienda de Otro"));
    const decision = screen.getByRole("region", { name: "Decisión" });
    expect(within(decision).queryByTestId("own-request")).toBeNull();
    expect(within(decision).getByRole("button", { name: "Aprobar la tienda" })).toBeTruthy();
    expect(within(decision).getByRole("button", { name: "Rechazar la solicitud" })).toBeTruthy();
    expect(within(decision).getByRole("button", { name: "Pedir los cambios" })).toBeTruthy();
  });

  it("en la lista de tiendas, la suya no se suspende ni se reactiva desde su cuenta; las demás sí", async () => {
    const summary = (userId: string, status: ShopSummary["status"], name: string): ShopSummary => {
      const { documents: _documents, history: _history, ...rest } = request(userId, status, name);
      return { ...rest, documentCount: 1, productCount: 3 };
    };
    const shops = [summary(ADMIN_ID, "aprobada", "Tienda de Alba"), summary(OTHER_ID, "aprobada", "Tienda de Otro")];
    const data = await loadShops(
      adminAccount({ shops, totalShop: shops.length, page: 1, parPage: 20 }),
      new URL("http://localhost/dashboard/admin/shops"),
    );
    const path = "/dashboard/admin/shops";
    const Stub = createRemixStub([{ path, Component: AdminShops, loader: () => data }]);
    render(<Stub initialEntries={[path]} />);
    await screen.findByRole("heading", { level: 1, name: "Tiendas" });
    const row = (name: string) => screen.getAllByTestId("shop-row").find((item) => item.textContent?.includes(name))!;
    const own = row("Tienda de Alba");
    expect(within(own).getByTestId("own-shop").textContent).toContain("Es tu propia tienda");
    expect(within(own).queryAllByRole("button")).toEqual([]);
    expect(within(row("Tienda de Otro")).queryByTestId("own-shop")).toBeNull();
    expect(within(row("Tienda de Otro")).queryAllByRole("button").length).toBeGreaterThan(0);
  });
});
