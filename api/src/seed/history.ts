import { inArray, sql } from "drizzle-orm";
import type { Transaction } from "../db/client.js";
import {
  orderItems,
  orderPayments,
  orders,
  products,
  reviews,
  shopOrders,
  users,
  walletEntries,
} from "../db/schema.js";
import type { CartSettings, OrderSettings } from "../config.js";
import type { ShippingInfo } from "#contract/orders";
import { orderNumber } from "#contract/order-labels";
import { defaultCommissionBp, partCommission, shippingFeePerShop } from "../modules/orders/pricing.js";
import { Random, type CatalogueProduct } from "./catalogue.js";

/**
 * The demo store's past: customers who bought, received and reviewed products. Every seeded review
 * comes from a delivered, paid order of its author, as the review rules demand, and each product's
 * rating is the average of its review rows, so stars, counts and 'Compra verificada' agree.
 */

export interface HistorySettings {
  cart: CartSettings;
  orders: OrderSettings;
}

/** Reviewed products are the first ones generated: enough for the demo, bounded for a large catalogue. */
const REVIEWED_PRODUCTS_LIMIT = 200;
const MAX_ITEMS_PER_ORDER = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

const BUYERS: readonly { name: string; city: string; province: string; area: string; postCode: string }[] = [
  { name: "Elena Martín", city: "Madrid", province: "Madrid", area: "Chamberí", postCode: "28010" },
  { name: "Javier Ruiz", city: "Valencia", province: "Valencia", area: "Ruzafa", postCode: "46005" },
  { name: "Sofía Navarro", city: "Sevilla", province: "Sevilla", area: "Triana", postCode: "41010" },
  { name: "Diego Castillo", city: "Barcelona", province: "Barcelona", area: "Gràcia", postCode: "08012" },
  { name: "Lucía Morales", city: "Málaga", province: "Málaga", area: "El Palo", postCode: "29017" },
  { name: "Mateo Herrera", city: "Zaragoza", province: "Zaragoza", area: "Delicias", postCode: "50017" },
  { name: "Paula Jiménez", city: "Bilbao", province: "Bizkaia", area: "Deusto", postCode: "48014" },
  { name: "Hugo Romero", city: "Murcia", province: "Murcia", area: "El Carmen", postCode: "30002" },
  { name: "Carmen Ortega", city: "Alicante", province: "Alicante", area: "San Blas", postCode: "03005" },
  { name: "Daniel Suárez", city: "Oviedo", province: "Asturias", area: "El Cristo", postCode: "33006" },
  { name: "Valeria Rojas", city: "Caracas", province: "Distrito Capital", area: "Chacao", postCode: "1060" },
  { name: "Andrés Peña", city: "Valencia", province: "Carabobo", area: "El Viñedo", postCode: "2001" },
  { name: "Gabriela Mendoza", city: "Maracaibo", province: "Zulia", area: "Bella Vista", postCode: "4002" },
  { name: "Luis Fernández", city: "Barquisimeto", province: "Lara", area: "Este", postCode: "3001" },
  { name: "Isabel Vargas", city: "Miami", province: "Florida", area: "Doral", postCode: "33178" },
  { name: "Tomás Delgado", city: "Houston", province: "Texas", area: "Katy", postCode: "77494" },
  { name: "Marina Gil", city: "Palma", province: "Illes Balears", area: "Son Armadams", postCode: "07014" },
  { name: "Álvaro Molina", city: "Granada", province: "Granada", area: "Realejo", postCode: "18009" },
  { name: "Natalia Cruz", city: "Valladolid", province: "Valladolid", area: "Parquesol", postCode: "47014" },
  { name: "Sergio Blanco", city: "Santander", province: "Cantabria", area: "Sardinero", postCode: "39005" },
];

const STREETS = [
  "Calle Mayor",
  "Avenida del Puerto",
  "Calle de la Paz",
  "Avenida Libertador",
  "Calle del Sol",
  "Paseo de la Castellana",
];

/** What buyers wrote, by the stars they gave. */
const REVIEW_TEXTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    "Justo lo que buscaba. Llegó rápido y bien embalado, y en la pista responde de maravilla.",
    "Calidad excelente para el precio. Lo uso tres veces por semana y sigue como el primer día.",
    "Muy recomendable: resistente y tal como aparece en las fotos.",
    "Mi compañero de pádel se compró otro después de probar el mío. Eso lo dice todo.",
  ],
  4: [
    "Buen producto, cumple lo que promete. Le quito una estrella porque el envío tardó un par de días más.",
    "Muy buena relación calidad-precio. Tardé unos días en acostumbrarme, pero ahora estoy encantado.",
    "Bien acabado y de buena calidad. Lo volvería a comprar.",
  ],
  3: [
    "Correcto, sin más. Para jugar de vez en cuando está bien.",
    "Cumple, aunque esperaba algo más por lo que cuesta.",
  ],
  2: ["No me terminó de convencer: el acabado es peor de lo que parece en las fotos."],
  1: ["No lo recomiendo: a las pocas semanas empezó a estropearse."],
};

interface SeededProduct {
  id: string;
  shopId: string;
  name: string;
  salePrice: number;
  /** The size bought, '' for a product without sizes. */
  size: string;
  reviewTarget: number;
}

/** Stars around the target, so the product's average lands near it. */
function starsNear(random: Random, target: number): 1 | 2 | 3 | 4 | 5 {
  const stars = Math.round(target + (random.next() - 0.5) * 1.6);
  return Math.min(5, Math.max(1, stars)) as 1 | 2 | 3 | 4 | 5;
}

export async function insertPurchaseHistory(
  tx: Transaction,
  options: {
    catalogue: CatalogueProduct[];
    productIdBySlug: Map<string, string>;
    settings: HistorySettings;
    now: Date;
  },
): Promise<{ orders: number; reviews: number }> {
  const random = new Random(20260301);
  const { catalogue, productIdBySlug, settings, now } = options;

  const reviewed = catalogue.slice(0, REVIEWED_PRODUCTS_LIMIT).filter((product) => product.reviewTarget > 0);
  if (reviewed.length === 0) return { orders: 0, reviews: 0 };
  const stored = await tx
    .select({ id: products.id, shopId: products.shopId, name: products.name, salePrice: products.salePrice })
    .from(products)
    .where(
      inArray(
        products.id,
        reviewed.map((product) => productIdBySlug.get(product.slug)!),
      ),
    );
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const shopOwners = await tx.execute<{ id: string; owner_id: string; name: string }>(
    sql`select id, owner_id, name from shops`,
  );
  const shopById = new Map(shopOwners.rows.map((row) => [row.id, row]));

  // Buyers can't sign in (no password): they only stand behind the store's past orders and reviews.
  const buyerRows = await tx
    .insert(users)
    .values(
      BUYERS.map((buyer, index) => ({
        role: "customer" as const,
        name: buyer.name,
        email: `comprador${index + 1}@mercadopadel.test`,
        emailVerifiedAt: now,
      })),
    )
    .returning({ id: users.id });

  // Who reviews what: each reviewed product gets 2-7 distinct buyers.
  const purchases = new Map<number, SeededProduct[]>();
  for (const product of reviewed) {
    const row = storedById.get(productIdBySlug.get(product.slug)!)!;
    const sized = product.sizes.find((size) => size.stock > 0) ?? product.sizes[0];
    const bought: SeededProduct = { ...row, size: sized?.size ?? "", reviewTarget: product.reviewTarget };
    for (const buyer of random.shuffled(BUYERS.map((_, index) => index)).slice(0, random.integer(2, 7))) {
      purchases.set(buyer, [...(purchases.get(buyer) ?? []), bought]);
    }
  }

  const orderRows: (typeof orders.$inferInsert)[] = [];
  const shopOrderRows: (typeof shopOrders.$inferInsert)[] = [];
  const itemRows: (typeof orderItems.$inferInsert)[] = [];
  const paymentRows: (typeof orderPayments.$inferInsert)[] = [];
  const creditRows: (typeof walletEntries.$inferInsert)[] = [];
  const reviewRows: (typeof reviews.$inferInsert)[] = [];

  for (const [buyerIndex, bought] of purchases) {
    const buyer = BUYERS[buyerIndex]!;
    const userId = buyerRows[buyerIndex]!.id;
    const shippingInfo: ShippingInfo = {
      name: buyer.name,
      address: `${random.pick(STREETS)} ${random.integer(1, 120)}`,
      province: buyer.province,
      city: buyer.city,
      area: buyer.area,
      postCode: buyer.postCode,
      phone: `+34 6${random.integer(10, 99)} ${random.integer(100, 999)} ${random.integer(100, 999)}`,
    };
    for (let start = 0; start < bought.length; start += MAX_ITEMS_PER_ORDER) {
      const items = bought.slice(start, start + MAX_ITEMS_PER_ORDER);
      const placedAt = new Date(now.getTime() - random.integer(20, 330) * DAY_MS - random.integer(0, DAY_MS));
      const orderId = crypto.randomUUID();
      const byShop = new Map<string, SeededProduct[]>();
      for (const item of items) byShop.set(item.shopId, [...(byShop.get(item.shopId) ?? []), item]);

      const subtotal = items.reduce((sum, item) => sum + item.salePrice, 0);
      const shopShippingFee = shippingFeePerShop(subtotal, settings.cart);
      const shippingFee = shopShippingFee * byShop.size;
      for (const [shopId, shopItems] of byShop) {
        const shopSubtotal = shopItems.reduce((sum, item) => sum + item.salePrice, 0);
        // The demo's history predates any override: every line at the store's rate.
        const commissionBp = defaultCommissionBp(settings.orders);
        const commission = partCommission(
          shopItems.map((item) => ({ lineTotal: item.salePrice, commissionBp })),
          shopSubtotal,
        );
        const shopOrderId = crypto.randomUUID();
        const shop = shopById.get(shopId)!;
        shopOrderRows.push({
          id: shopOrderId,
          orderId,
          shopId,
          subtotal: shopSubtotal,
          shippingFee: shopShippingFee,
          total: shopSubtotal + shopShippingFee,
          commission,
          deliveryStatus: "entregado",
          paymentStatus: "pagado",
          shippedAt: new Date(placedAt.getTime() + DAY_MS),
          // Delivered three days after it was placed, and the buyer said so: its sale has long been available.
          deliveredAt: new Date(placedAt.getTime() + 3 * DAY_MS),
          receivedAt: new Date(placedAt.getTime() + 3 * DAY_MS),
          createdAt: placedAt,
        });
        for (const item of shopItems) {
          itemRows.push({
            shopOrderId,
            productId: item.id,
            name: item.name,
            size: item.size,
            quantity: 1,
            unitPrice: item.salePrice,
            commissionBp,
          });
        }
        if (shopSubtotal + shopShippingFee > commission) {
          creditRows.push({
            userId: shop.owner_id,
            amount: shopSubtotal + shopShippingFee - commission,
            reason: `Venta del pedido #${orderNumber(orderId)} en ${shop.name}, menos comisión`,
            reference: `venta:${shopOrderId}`,
            createdAt: placedAt,
          });
        }
      }
      orderRows.push({
        id: orderId,
        userId,
        shippingInfo,
        subtotal,
        discount: 0,
        shippingFee,
        total: subtotal + shippingFee,
        deliveryStatus: "entregado",
        paymentStatus: "pagado",
        expiresAt: new Date(placedAt.getTime() + settings.orders.expiryMinutes * 60_000),
        paidAt: new Date(placedAt.getTime() + 5 * 60_000),
        createdAt: placedAt,
      });
      paymentRows.push({
        orderId,
        method: "tarjeta_prueba",
        amount: subtotal + shippingFee,
        reference: "tarjeta-prueba:4242",
        createdAt: placedAt,
      });
      for (const item of items) {
        const stars = starsNear(random, item.reviewTarget);
        const writtenAt = new Date(placedAt.getTime() + random.integer(4, 20) * DAY_MS);
        reviewRows.push({
          productId: item.id,
          userId,
          rating: stars,
          text: random.pick(REVIEW_TEXTS[stars]),
          createdAt: writtenAt,
          updatedAt: writtenAt,
        });
      }
    }
  }

  await tx.insert(orders).values(orderRows);
  await tx.insert(shopOrders).values(shopOrderRows);
  await tx.insert(orderItems).values(itemRows);
  await tx.insert(orderPayments).values(paymentRows);
  await tx.insert(walletEntries).values(creditRows);
  await tx.insert(reviews).values(reviewRows);
  // The same average the review service keeps (one decimal).
  await tx.execute(sql`
    update products set rating = rated.average
    from (select product_id, round(avg(rating)::numeric, 1)::real as average from reviews group by product_id) rated
    where products.id = rated.product_id`);
  return { orders: orderRows.length, reviews: reviewRows.length };
}
