import { z } from "zod";
import { objectExpected, queryChoice, queryPage, queryPageSize, queryText, uuid } from "./fields";
import { endpoint, errorAnswer, noInput } from "./http";
import { SEARCH_MAX_LENGTH, SIZE_MAX_LENGTH } from "./limits";
import { imageUrlField } from "./media";

/**
 * Stock movements (issue 11): every change of a size's stock, whatever made it. The database's
 * enum `stock_movement_kind` holds the same kinds.
 */
export const STOCK_MOVEMENT_KINDS = ["venta", "ajuste", "devolucion", "caducidad"] as const;
export const stockMovementKind = z.enum(STOCK_MOVEMENT_KINDS);
export type StockMovementKind = z.infer<typeof stockMovementKind>;

export const STOCK_MOVEMENT_LABELS: Record<StockMovementKind, string> = {
  venta: "Venta",
  ajuste: "Ajuste",
  devolucion: "Devolución",
  caducidad: "Caducidad de pedido",
};

// ---- Limits and messages ------------------------------------------------------------------------

/** Most units one size (or a product without sizes) may hold; far above any shop's shelf. */
export const STOCK_MAX = 100_000;
/** A low-stock threshold: a size at or below it is marked and notifies the seller once; 0 turns it off. */
export const LOW_STOCK_THRESHOLD_MAX = 10_000;
export const STOCK_CONTROL_PER_PAGE = 20;
export const MAX_STOCK_CONTROL_PER_PAGE = 100;
export const STOCK_MOVEMENTS_PER_PAGE = 20;
export const MAX_STOCK_MOVEMENTS_PER_PAGE = 100;

export const STOCK_UPDATED = "Stock actualizado.";
/** 409 of `POST /update-stock` read at an older version: the answer carries the current figures. */
export const STOCK_CHANGED_WHILE_EDITING =
  "El stock cambió mientras editabas. Revisa las cifras actuales y vuelve a guardar.";
export const STOCK_PRODUCT_NOT_FOUND = "Producto no encontrado.";
/** 403: the caller's shop is not approved (pending, rejected…); a suspended one: shopSuspendedNoWrites. */
export const STOCK_SHOP_NOT_APPROVED = "Tu tienda no está aprobada: no puedes cambiar el stock.";
export const STOCK_SIZES_REQUIRED = "Indica el stock de cada talla del producto.";
export const STOCK_SIZES_NOT_EXPECTED = "Este producto no se vende por tallas: indica solo el stock total.";
export const STOCK_TOTAL_REQUIRED = "Indica el stock del producto.";
/** 400: a product with sizes whose `newStock` is not the sum of its sizes (SPEC.md section 5). */
export const stockSumMismatch = (sum: number) => `El stock total debe ser la suma de las tallas (${sum}).`;
export const stockUnknownSize = (size: string) => `La talla ${size} no existe en este producto.`;
export const stockMissingSize = (size: string) => `Falta el stock de la talla ${size}.`;
export const stockRepeatedSize = (size: string) => `La talla ${size} está repetida.`;

/** The shopper's 'Avísame cuando vuelva'. */
export const stockAlertCreated = (size: string) =>
  size === "" ? "Te avisaremos cuando vuelva a haber unidades." : `Te avisaremos cuando vuelva la talla ${size}.`;
export const stockAlertCancelled = (size: string) =>
  size === "" ? "Ya no te avisaremos de este producto." : `Ya no te avisaremos de la talla ${size}.`;
/** 409: the size has units now: no need to wait. */
export const STOCK_ALERT_IN_STOCK = "Esa talla tiene unidades disponibles: puedes comprarla ya.";
export const STOCK_ALERT_SIZE_REQUIRED = "Elige una talla.";
export const STOCK_ALERT_UNKNOWN_SIZE = "La talla elegida no existe.";
export const STOCK_ALERT_NOT_FOUND = "No estaba esperando esta talla.";
// ---- Answers ------------------------------------------------------------------------------------

/** A size's figures on the seller's control pages. */
export const stockSize = z.object({
  size: z.string(),
  stock: z.number().int(),
  /** At or below the product's threshold (a threshold of 0 marks nothing). */
  low: z.boolean(),
  /** Shoppers waiting for this size to come back (demand). */
  waiting: z.number().int(),
});
export type StockSize = z.infer<typeof stockSize>;

/** The figures a stock form is read at, and what a 409 answers as current. */
export const stockFigures = z.object({
  stock: z.number().int(),
  stockVersion: z.number().int(),
  /** In display order; empty for a product without sizes. */
  sizes: z.array(z.object({ size: z.string(), stock: z.number().int() })),
  lowStockThreshold: z.number().int(),
});
export type StockFigures = z.infer<typeof stockFigures>;

/** One product of the seller's stock control. */
export const stockProduct = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** The first image (200 px), or null. */
  image: z.string().nullable(),
  imageUrl: imageUrlField,
  hasSizes: z.boolean(),
  stock: z.number().int(),
  stockVersion: z.number().int(),
  lowStockThreshold: z.number().int(),
  /** Some size (or the single stock) is low. */
  low: z.boolean(),
  /** The single stock is low (a product without sizes); false with sizes (see each size). */
  stockLow: z.boolean(),
  /** Shoppers waiting: for a product without sizes, for it; with sizes, the sum over its sizes. */
  waiting: z.number().int(),
  /** In display order; empty for a product without sizes. */
  sizes: z.array(stockSize),
});
export type StockProduct = z.infer<typeof stockProduct>;

export const stockMovement = z.object({
  _id: z.string(),
  /** '' for a product without sizes. */
  size: z.string(),
  kind: stockMovementKind,
  /** Units added (positive) or taken (negative). */
  change: z.number().int(),
  stockAfter: z.number().int(),
  /** Who made it (the seller, the buyer of a sale, the admin who cancelled), or null (an expiry, a deleted account). */
  actorName: z.string().nullable(),
  /**
   * A seller's save sent without `stockVersion` (SPEC.md section 7's payload): applied to the stock
   * as it was then, not checked against what the seller had read.
   */
  withoutVersion: z.boolean(),
  createdAt: z.string().describe("date-time"),
});
export type StockMovement = z.infer<typeof stockMovement>;

export const updateStockAnswer = z.object({ message: z.string(), product: stockProduct });
/** 409: read at an older version; `current` holds what is stored now, for the form to show. */
export const staleStockAnswer = errorAnswer.extend({ current: stockFigures });
export type StaleStockAnswer = z.infer<typeof staleStockAnswer>;

export const stockControlAnswer = z.object({
  products: z.array(stockProduct),
  totalProduct: z.number().int(),
  /** Products of the shop with some low size, whatever the filter. */
  totalLow: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
});
export const productStockAnswer = z.object({
  product: stockProduct,
  /** Newest first. */
  movements: z.array(stockMovement),
  totalMovement: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
});

export const stockAlertAnswer = z.object({ message: z.string(), productId: z.string(), size: z.string() });
/** The sizes ('' without sizes) the signed-in shopper waits for on one product. */
export const myStockAlertsAnswer = z.object({ productId: z.string(), sizes: z.array(z.string()) });

// ---- Inputs -------------------------------------------------------------------------------------

const productIdField = uuid(STOCK_PRODUCT_NOT_FOUND);
const stockCount = (message: string) =>
  z
    .number({ required_error: message, invalid_type_error: message })
    .int(message)
    .min(0, "El stock no puede ser negativo.")
    .max(STOCK_MAX, `El stock no puede superar ${STOCK_MAX} unidades.`);
const STOCK_NOT_A_NUMBER = "El stock debe ser un número entero.";

/**
 * The version of the figures a form was read at: the web's forms always send it, so a sale meanwhile
 * answers 409 instead of being overwritten.
 */
export const stockVersionField = z
  .number({
    required_error: "Falta la versión del stock; recarga la página.",
    invalid_type_error: "Falta la versión del stock; recarga la página.",
  })
  .int()
  .min(0);

/**
 * SPEC.md section 7: `{productId, newStock, sizes, sellerId}`, plus the version the figures were
 * read at when the client has it (without it they apply to the current stock, and the movement log
 * says so: issue 32). A product with sizes sends every size of it once (`newStock`, when sent, must
 * be their sum: section 5); one without sends `newStock`. `lowStockThreshold`, when sent, is saved
 * with it; sent alone (no `sizes`, no `newStock`), it is the only change.
 */
export const updateStockBody = z.object(
  {
    productId: productIdField,
    sellerId: uuid("El vendedor no es válido."),
    stockVersion: stockVersionField.optional(),
    newStock: stockCount(STOCK_NOT_A_NUMBER).optional(),
    sizes: z
      .array(
        z.object({
          size: z
            .string({ required_error: "La talla no es válida.", invalid_type_error: "La talla no es válida." })
            .trim()
            .min(1, "La talla no es válida.")
            .max(SIZE_MAX_LENGTH, "La talla no es válida."),
          stock: stockCount(STOCK_NOT_A_NUMBER),
        }),
        { invalid_type_error: "Las tallas no son válidas." },
      )
      .max(100, "Demasiadas tallas.")
      .optional(),
    lowStockThreshold: z
      .number({ invalid_type_error: "El umbral de stock bajo debe ser un número entero." })
      .int("El umbral de stock bajo debe ser un número entero.")
      .min(0, "El umbral de stock bajo no puede ser negativo.")
      .max(LOW_STOCK_THRESHOLD_MAX, `El umbral de stock bajo no puede superar ${LOW_STOCK_THRESHOLD_MAX}.`)
      .optional(),
  },
  objectExpected("Envía el stock del producto."),
);
export type UpdateStockBody = z.infer<typeof updateStockBody>;

export const stockControlQuery = z.object({
  page: queryPage(),
  parPage: queryPageSize(MAX_STOCK_CONTROL_PER_PAGE, STOCK_CONTROL_PER_PAGE),
  searchValue: queryText({
    max: SEARCH_MAX_LENGTH,
    message: `La búsqueda no puede superar los ${SEARCH_MAX_LENGTH} caracteres.`,
  }),
  /** `1` or `true`: only products with some low size. */
  lowOnly: queryChoice(["1", "true", "0", "false"], "El filtro de stock bajo debe ser 1 o 0.").transform(
    (value) => value === "1" || value === "true",
  ),
});

export const productIdParams = z.object({ productId: productIdField });
export const productStockQuery = z.object({
  page: queryPage(),
  parPage: queryPageSize(MAX_STOCK_MOVEMENTS_PER_PAGE, STOCK_MOVEMENTS_PER_PAGE),
});

/** `size` is '' (or absent) for a product without sizes. */
export const stockAlertBody = z.object(
  {
    productId: productIdField,
    size: z
      .string({ invalid_type_error: STOCK_ALERT_UNKNOWN_SIZE })
      .trim()
      .max(SIZE_MAX_LENGTH, STOCK_ALERT_UNKNOWN_SIZE)
      .default(""),
  },
  objectExpected("Envía el producto y la talla."),
);
export type StockAlertBody = z.infer<typeof stockAlertBody>;

// ---- Calls --------------------------------------------------------------------------------------

export const stockEndpoints = {
  /**
   * Bearer, the seller owning the product's shop (approved; `sellerId` is the caller): sets the
   * stock read at `stockVersion`; 409 with the current figures when it changed meanwhile.
   */
  updateStock: endpoint({
    method: "POST",
    path: "/update-stock",
    body: updateStockBody,
    answer: updateStockAnswer,
    refusals: { 409: staleStockAnswer },
  }),
  /** Bearer, a seller: the shop's products with their stock, low marks and demand, by name. */
  control: endpoint({
    method: "GET",
    path: "/seller/stock-control",
    query: stockControlQuery,
    answer: stockControlAnswer,
  }),
  /** Bearer, the seller owning it: one product's stock and its movements, newest first. */
  product: endpoint({
    method: "GET",
    path: "/seller/stock/:productId",
    params: productIdParams,
    query: productStockQuery,
    answer: productStockAnswer,
  }),
  /** Bearer, a signed-in shopper: waits for a sold-out size (or product); 201, or 200 when already waiting. */
  subscribe: endpoint({
    method: "POST",
    path: "/home/stock-alert",
    body: stockAlertBody,
    answer: stockAlertAnswer,
    statuses: [200, 201],
  }),
  /** Bearer: stops waiting; 404 when there was no waiting alert. */
  cancel: endpoint({
    method: "POST",
    path: "/home/stock-alert/cancel",
    body: stockAlertBody,
    answer: stockAlertAnswer,
  }),
  /** Bearer: the sizes the caller waits for on a product (the product page's 'Le avisaremos'). */
  mine: endpoint({
    method: "GET",
    path: "/home/stock-alert/:productId",
    params: productIdParams,
    query: noInput,
    answer: myStockAlertsAnswer,
  }),
};
