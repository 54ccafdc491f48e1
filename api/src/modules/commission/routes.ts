import type { FastifyInstance } from "fastify";
import { commissionEndpoints as endpoints } from "#contract/commission";
import type { OrderSettings } from "../../config.js";
import type { Db } from "../../db/client.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly, currentUser } from "../accounts/auth.js";
import { defaultCommissionBp } from "../orders/pricing.js";
import { commissionOverview, removeCommissionOverride, setCommissionRate } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "commission",
  description:
    "The store's commission (issue 35, decision 0059). Admins only. Shapes and messages: " +
    "`contract/commission.ts`. Rates are whole basis points (`rateBp`: 500 is 5 %, 0 to 10000). A " +
    "product's rate is its shop's override, else its category's, else the store's (the `COMMISSION_PERCENT` " +
    "setting until an admin sets one). `POST /order-create` copies each line's rate onto the line, read " +
    "in one statement, so a change applies to orders placed after it commits and never to part of an " +
    "order; the part's `commission` is each line's share of what the part sells for at its rate, " +
    "rounded once (`partCommission`, api/src/modules/orders/pricing.ts), and an accepted offer " +
    "recomputes it with the lines' own rates. Writes take one advisory lock (one writer of rates at a " +
    "time) and the shop's or category's row `for share`, and are audited: `comision.cambiar` and " +
    "`comision.quitar`, `{rateBp}` before and after, on the shop, the category or (for the store's " +
    "rate) entity `comision`.",
};

const words = {
  overview: {
    summary: "Read the store's commission and its overrides",
    description:
      "Admin. `{store: {rateBp, updatedAt, updatedBy}, shops: [...], categories: [...], choices}`; " +
      "`updatedAt` and `updatedBy` are null while the store's rate is the setting's. `choices` lists every " +
      "shop and category by name, which an override can be for.",
  },
  setStore: {
    summary: "Set the store's commission",
    description:
      "Admin. `{rateBp}`. For orders placed from now on, for every product without an override. The same " +
      "rate again writes nothing. 400 on `rateBp` outside 0-10000 or not whole.",
  },
  setShop: {
    summary: "Set a shop's own commission",
    description:
      "Admin. `{rateBp}`: every product of the shop, whatever its category, from the next order on. 404 " +
      "`Tienda no encontrada.`.",
  },
  removeShop: {
    summary: "Take a shop back to the general commission",
    description:
      "Admin. Its products follow their category's rate, or the store's, from the next order on. 404 when " +
      "the shop has no rate of its own.",
  },
  setCategory: {
    summary: "Set a category's own commission",
    description:
      "Admin. `{rateBp}`: products of the category whose shop has no rate of its own, from the next order " +
      "on. 404 `Categoría no encontrada.`.",
  },
  removeCategory: {
    summary: "Take a category back to the general commission",
    description: "Admin. 404 when the category has no rate of its own.",
  },
} satisfies Record<string, RouteWords>;

export async function commissionRoutes(app: FastifyInstance, opts: { db: Db; orders: OrderSettings }) {
  documentModule(app, section);
  const { db } = opts;
  const fallbackBp = defaultCommissionBp(opts.orders);
  const admin = { onRequest: [app.authenticate, adminOnly] };

  route(app, endpoints.overview, { ...words.overview, ...admin }, () => commissionOverview(db, fallbackBp));

  route(app, endpoints.setStore, { ...words.setStore, ...admin }, async (request) => ({
    message: await setCommissionRate(db, currentUser(request), { kind: "general" }, request.body.rateBp, fallbackBp),
  }));

  route(app, endpoints.setShop, { ...words.setShop, ...admin }, async (request) => ({
    message: await setCommissionRate(
      db,
      currentUser(request),
      { kind: "tienda", shopId: request.params.shopId },
      request.body.rateBp,
      fallbackBp,
    ),
  }));

  route(app, endpoints.removeShop, { ...words.removeShop, ...admin }, async (request) => ({
    message: await removeCommissionOverride(db, currentUser(request), {
      kind: "tienda",
      shopId: request.params.shopId,
    }),
  }));

  route(app, endpoints.setCategory, { ...words.setCategory, ...admin }, async (request) => ({
    message: await setCommissionRate(
      db,
      currentUser(request),
      { kind: "categoria", categoryId: request.params.categoryId },
      request.body.rateBp,
      fallbackBp,
    ),
  }));

  route(app, endpoints.removeCategory, { ...words.removeCategory, ...admin }, async (request) => ({
    message: await removeCommissionOverride(db, currentUser(request), {
      kind: "categoria",
      categoryId: request.params.categoryId,
    }),
  }));
}
