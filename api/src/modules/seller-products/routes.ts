import type { Multipart } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodError } from "zod";
import type { FieldError } from "#contract/http";
import { FORBIDDEN, INVALID_TEXT } from "#contract/messages";
import { IMAGE_TOO_MANY_PIXELS } from "#contract/media";
import {
  bulkDoneMessage,
  formEntriesToObject,
  IMAGE_NOT_AN_IMAGE,
  IMAGE_TOO_LARGE,
  IMAGES_TOO_MANY,
  NEW_IMAGE_MISSING,
  NEW_IMAGE_PART,
  PRODUCT_ARCHIVED,
  PRODUCT_CREATED,
  PRODUCT_DELETED,
  PRODUCT_IMAGE_UPDATED,
  PRODUCT_IMAGES_PART,
  PRODUCT_UPDATED,
  productFormFields,
  productImageUpdateFields,
  productUpdateFields,
  sellerProductEndpoints as endpoints,
} from "#contract/seller-products";
import { PRODUCT_IMAGES_MAX } from "#contract/seller-product-labels";
import { FILE_NOT_EXPECTED, FORM_TOO_MANY_PARTS, PRODUCT_UPLOAD } from "#contract/uploads";
import type { Db } from "../../db/client.js";
import type { FileStore } from "../../files/store.js";
import { FieldsError, HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import { prepareImage, type StoredImage } from "../media/service.js";
import {
  assertCanWrite,
  bulkProducts,
  categoryIssues,
  createProduct,
  deleteProduct,
  discountedProducts,
  getSellerProduct,
  listSellerProducts,
  replaceProductImage,
  resolveImageOrder,
  updateProduct,
} from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "seller-products",
  description:
    'A seller\'s products (issue 11; SPEC.md section 7 "Seller products"). Shapes, limits and every ' +
    "message: `contract/seller-products.ts`. Every call needs `Authorization: Bearer`.\n\n" +
    "**Who.** Writes: a `seller` whose shop (`shops.owner_id`) is `aprobada`; customers and admins 403 " +
    "`No tienes permiso para esta acción.`, a suspended shop 403 `Tu tienda está suspendida: …` (as " +
    "every seller write: each call's *Suspended shop*), any other status (or no shop) 403 `Tu tienda no " +
    "está aprobada: …`. Reads: the seller (its own shop's, whatever its status) or an " +
    "admin (any). Another shop's product, an unknown one and an archived one are 404 `Producto no " +
    "encontrado.`.\n\n" +
    "**Fields** (text, Conform's names; `errors[].field` uses the same names): `name` (3-120), " +
    "`categoryId`, `brand` (≤ 60), `price` in dollars as typed (`129,95`, `129.95`, `1.299,95`, " +
    "`1,299.95`; two decimals at most; 0,01 to 1.000.000; answered as cents), `discount` (0-100 %, blank " +
    "0), `color` and `tag` (≤ 40), `description` (20-4000), `lowStockThreshold` (0-10,000, blank 0), and " +
    "either `sizes[n].size` + `sizes[n].stock` (≤ 20 sizes, unique regardless of capitals, stock " +
    "0-100,000) or `stock`; `specs.<key>`: every field of the category's spec sheet (`SPEC_SHEETS`), " +
    "each one of its options; a category without a sheet takes none.\n\n" +
    "**Images.** `imageOrder` (repeated) lists the final order as existing image ids and `nueva:<n>` " +
    "(the n-th file); new files it does not name come last; on update, existing images it leaves out are " +
    "removed (and their bytes, when nothing else uses them). Files are judged by content like every " +
    'image (docs/api/limits.md, "Images"): a program renamed `.png` is 400 `El archivo no es una imagen ' +
    "válida …` on `images`; 5 MB each (413 while it arrives), 25 MP, through the image queue (503 when " +
    "full). Add and image update count against the `upload` rate limit, and so does an edit that brings " +
    "new files (counted as the first one arrives, before its bytes are read; an edit without new files " +
    "is not counted): past it, 429 `Has subido demasiados archivos …`. The web waits 60 s for the three " +
    "multipart calls.\n\n" +
    "**Stock on update** (decided here): sizes may be added (with their stock) or removed; the stock of " +
    "sizes that stay, and a single stock, change only when the form sends the `stockVersion` it read, so " +
    "an edit never overwrites a sale it did not see; without it they are kept (`POST /update-stock` is " +
    "the stock screen's call). Removing every size needs the new single `stock`.\n\n" +
    "**Writes** run in one transaction: the shop `FOR SHARE` (a suspension waits, or is waited for), the " +
    "product locked in the one order every writer of products takes (the row, then its sizes: " +
    "`lock_products`, decision 0061; `FOR UPDATE`, as the edit may rename and the delete removes it; a " +
    "delete locks the product's cart lines before it, so a sale under way finishes first), " +
    "`setStockContext(tx, 'ajuste', seller)` for the movements " +
    "the triggers write, an audit entry (`producto.crear`, `producto.editar`, `producto.archivar`, " +
    "`producto.eliminar`, entity `producto`, before and after) and `announceCatalogueChange(tx)`, which " +
    'reaches every instance once committed (docs/api/real-time.md, "Catalogue changes"), so the next ' +
    "request shows the change (a CDN in front may keep a page a minute, decision 0014). " +
    "`tests/api/seller-products-postgres.test.ts` races edits, renames and deletes against each other " +
    "and against sales.\n\n" +
    "**State** (issue 34): `state` is `borrador`, `publicado` or `oculto` (the form's field; add defaults to " +
    "`publicado`, update keeps the product's when absent). Only a published product of an approved shop " +
    "is in the store: a draft or hidden one leaves every catalogue read as an archived one does, its page " +
    "is 404, a cart cannot take it (400 `Este producto ya no está a la venta.`) and an order refuses it by " +
    "name (409). `POST /seller/products/bulk` publishes, hides, reprices or deletes many at once.\n\n" +
    "**Size guide** (issue 36, decision 0060): `sizeGuide` is `categoria` (the category's default), one " +
    "of the tables of contract/size-guides.ts, `propia` or `ninguna` (add defaults to `categoria`, update keeps the " +
    "product's when absent; anything else is 400 `Elige una guía de tallas de la lista.`). With `propia` the " +
    "form sends the shop's own table, a row per size of the product (contract/own-size-guide.ts): " +
    "`sizeGuideTable.kind` (`calzado` for a shoe category: `sizeGuideTable.rows[0].size`, `.uk`, `.us`, " +
    "`.footCm`, the foot growing with the EU size; `ropa` for any other: `.chestFrom`, `.chestTo`, `.waistFrom`, " +
    "`.waistTo`, `.hipFrom`, `.hipTo`, from ≤ to), numbers with one decimal at most, comma or point; a row of " +
    "another size, a size without a row or a table of the other kind is 400 with the field named. Another " +
    "choice drops the stored table; an update without `sizeGuide` keeps both. Every product answer carries " +
    "`sizeGuide` and `sizeGuideTable` (the stored table, else null), `GET /home/get-product/{slug}` too.\n\n" +
    "**Addresses.** The slug is `slugify(name)` (`-2`, `-3`… when another product has or had it). A " +
    "rename keeps the old slug in `product_slug_history`: `GET /home/get-product/{old}` answers the " +
    "product with `redirectSlug` (its current slug) and the web answers 301 to the new address. An " +
    "archived product leaves every catalogue read (listing, search, suggestions, facets, related, shop " +
    "page, its own page: 404) and is not available in carts and checkouts; its orders keep it.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  add: {
    summary: "Add a product",
    description: "Multipart: the fields above and 1-8 files in `images`. 201 `{message: 'Producto creado.', product}`.",
  },
  update: {
    summary: "Edit a product",
    description:
      "Multipart: `productId`, the same fields, new files in `images`, optional `stockVersion`. `{message, " +
      "product}`; 409 `El stock de este producto cambió mientras lo editabas. …` for a stale " +
      "`stockVersion`. New files count against the `upload` rate limit (429 past it, nothing saved).",
  },
  list: {
    summary: "The shop's products",
    description:
      "`?page&parPage&searchValue&categoryId&state&stock&sort`: the shop's products that are not archived, " +
      "`searchValue` in name or brand (accents and capitals aside), `categoryId`, `state` (`borrador`, " +
      "`publicado`, `oculto`), `stock` (`bajo`: above 0 and at or below the product's low-stock alert; " +
      "`agotado`: 0), `sort` (`recientes`, the default, `nombre`, `precio`, `precio_desc` on the price " +
      "after discount, `stock`); `parPage` 1-48, default 10; an admin may add " +
      "`shopId` (without it: every shop). `{products, totalProduct, page, parPage}`, each row with " +
      "`stock`, `sizes`, `discount`, `salePrice`, `image` (the main one), `state`, `lowStockThreshold` and " +
      "`status` (`en_venta`, `agotado`, `oculto` while the shop is not approved).",
  },
  bulk: {
    summary: "One action on many of the shop's products",
    description:
      "`{action: {kind: 'precio_porcentaje', percent} | {kind: 'precio_fijo', price} | {kind: 'descuento', " +
      "discount} | {kind: 'publicar'} | {kind: 'ocultar'} | {kind: 'eliminar'}, ids}` (1-200 ids, prices in " +
      "cents, percent -99 to 1000, new price round(price × (100 + percent) / 100)). All or nothing in one " +
      "transaction: the shop `FOR SHARE`, the products locked in id order (`FOR NO KEY UPDATE`; a delete " +
      "locks their cart lines, then the rows `FOR UPDATE`, as the single delete). An id that is not a live " +
      "product of the caller's shop refuses the whole batch (404 `Alguno de los productos elegidos …`); a " +
      "price out of 0,01-200.000,00 USD refuses it (400, naming the product). Delete archives the products " +
      "that were ever ordered. One audit entry `producto.lote` (entity `tienda`, every product before and " +
      "after). `{message: 'Se actualizaron 3 productos.', updated, archived}`.",
  },
  get: {
    summary: "One product as its edit form reads it",
    description: "Every field, `stockVersion`, `specSheet`, `specs`, `images` in order.",
  },
  remove: {
    summary: "Delete or archive a product",
    description:
      "A product in any `order_items` is archived (`archived_at`; `{archived: true}`, `Producto archivado: " +
      "…`), any other removed with its sizes, images and cart lines (`{archived: false}`, `Producto " +
      "eliminado.`).",
  },
  discounted: {
    summary: "A seller's discounted products",
    description:
      "`{id}` is the seller's user id (the caller's own; an admin any): its products with `discount > 0`, " +
      "biggest first (200 at most).",
  },
  imageUpdate: {
    summary: "Swap one image of a product",
    description:
      "Multipart: `productId`, `oldImage` (one of its image ids; 400 on `oldImage` otherwise) and the file " +
      "`newImage`, which takes the old one's place (the main image stays main).",
  },
} satisfies Record<string, RouteWords>;

/** The form's fields in the order the form shows them, so the answer's errors read top to bottom. */
const FORM_ORDER = [
  "productId",
  "name",
  "categoryId",
  "brand",
  "price",
  "discount",
  "color",
  "tag",
  "description",
  "stock",
  "sizes",
  "lowStockThreshold",
  "specs",
  "imageOrder",
  PRODUCT_IMAGES_PART,
  "stockVersion",
];
const formPosition = (field: string) => {
  const position = FORM_ORDER.indexOf(field.split(/[.[]/)[0]!);
  return position === -1 ? FORM_ORDER.length : position;
};
const byFormOrder = (a: FieldError, b: FieldError) => formPosition(a.field) - formPosition(b.field);

/** A Zod path as Conform names the field: `sizes[0].stock`, `specs.forma`. */
function fieldName(path: (string | number)[]): string {
  return path.reduce<string>(
    (name, key) => (typeof key === "number" ? `${name}[${key}]` : name === "" ? key : `${name}.${key}`),
    "",
  );
}

/** One error per field, the first Zod gives. */
function fieldErrors(error: ZodError): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const field = fieldName(issue.path);
    if (!errors.some((known) => known.field === field)) errors.push({ field, message: issue.message });
  }
  return errors;
}

const MULTIPART_EXPECTED = "Envía el producto como formulario multipart/form-data.";

/** contract/uploads.ts: far above the form's own needs, so only abuse reaches them. */
const PART_LIMITS = {
  fields: PRODUCT_UPLOAD.fields,
  fieldSize: PRODUCT_UPLOAD.fieldBytes,
  parts: PRODUCT_UPLOAD.parts,
  fileSize: PRODUCT_UPLOAD.fileBytes,
} as const;

interface ProductParts {
  entries: [string, string][];
  files: Buffer[];
  errors: FieldError[];
}

/**
 * Reads a product form: text fields in order (repeated names kept), and files only in `filePart`
 * (at most `maxFiles`, each at most PRODUCT_IMAGE_MAX_BYTES, refused while it streams).
 * `beforeFirstFile` runs once, when the first file of `filePart` arrives and before its bytes are
 * read (an edit's new images count against the upload limit; an edit without any does not).
 */
async function readProductParts(
  request: FastifyRequest,
  filePart: string,
  maxFiles: number,
  beforeFirstFile?: () => Promise<void>,
): Promise<ProductParts> {
  if (!request.isMultipart()) throw new HttpError(400, MULTIPART_EXPECTED);
  const read: ProductParts = { entries: [], files: [], errors: [] };
  let firstFile = beforeFirstFile;
  const fileArrives = async () => {
    const first = firstFile;
    firstFile = undefined;
    await first?.();
  };
  try {
    for await (const part of request.parts({
      limits: { ...PART_LIMITS, files: maxFiles },
    }) as AsyncIterable<Multipart>) {
      if (part.type === "field") {
        const value = typeof part.value === "string" ? part.value : String(part.value);
        if (value.includes("\u0000") || part.fieldname.includes("\u0000"))
          throw new FieldsError(400, [{ field: part.fieldname, message: INVALID_TEXT }]);
        read.entries.push([part.fieldname, value]);
        continue;
      }
      const named = (part.filename ?? "") !== "";
      if (part.fieldname === filePart && named) await fileArrives();
      const data = await part.toBuffer();
      if (part.fieldname !== filePart) {
        read.errors.push({ field: part.fieldname, message: FILE_NOT_EXPECTED });
        continue;
      }
      // A file input left empty sends a part without name or bytes: no image.
      if (data.length === 0 && !named) continue;
      await fileArrives();
      read.files.push(data);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new FieldsError(413, [{ field: filePart, message: IMAGE_TOO_LARGE }]);
    if (code === "FST_FILES_LIMIT") throw new FieldsError(400, [{ field: filePart, message: IMAGES_TOO_MANY }]);
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") throw new HttpError(413, FORM_TOO_MANY_PARTS);
    throw new HttpError(400, MULTIPART_EXPECTED);
  }
  return read;
}

/** Seller products (issue 11; SPEC.md section 7 "Seller products"). */
export async function sellerProductRoutes(app: FastifyInstance, opts: { db: Db; files: FileStore }) {
  documentModule(app, section);
  const { db, files } = opts;
  /** Customers are refused before the body is read; the shop's status is checked next. */
  const sellerOnly = async (request: FastifyRequest) => {
    if (currentUser(request).role !== "seller") throw new HttpError(403, FORBIDDEN);
  };
  const writer = { onRequest: [app.authenticate, sellerOnly], sellerWrite: true as const };

  /** Every file checked by its content (not its name) and converted, through the app's image queue. */
  const encodeAll = async (uploads: Buffer[], field: string): Promise<StoredImage[]> => {
    const encoded: StoredImage[] = [];
    for (const upload of uploads) {
      try {
        // Encoded through the queue and written to the file store before any transaction opens.
        encoded.push(await prepareImage(files, upload, app.imageQueue));
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 400) {
          throw new FieldsError(400, [
            { field, message: error.message === IMAGE_TOO_MANY_PIXELS ? IMAGE_TOO_MANY_PIXELS : IMAGE_NOT_AN_IMAGE },
          ]);
        }
        throw error;
      }
    }
    return encoded;
  };

  route(app, endpoints.add, { ...words.add, ...writer, rateLimit: "upload" }, async (request, reply) => {
    const user = currentUser(request);
    await assertCanWrite(db, user);
    app.imageQueue.assertRoom();
    const parts = await readProductParts(request, PRODUCT_IMAGES_PART, PRODUCT_IMAGES_MAX);
    const errors = [...parts.errors];
    const fields = productFormFields.safeParse(formEntriesToObject(parts.entries));
    if (!fields.success) errors.push(...fieldErrors(fields.error));
    const order = resolveImageOrder(fields.success ? fields.data.imageOrder : undefined, [], parts.files.length);
    errors.push(...order.errors);
    if (fields.success) errors.push(...(await categoryIssues(db, fields.data)));
    if (errors.length > 0 || !fields.success) throw new FieldsError(400, errors.sort(byFormOrder));
    const encoded = await encodeAll(parts.files, PRODUCT_IMAGES_PART);
    const product = await createProduct(db, user, fields.data, order.slots, encoded);
    reply.status(201);
    return { message: PRODUCT_CREATED, product };
  });

  route(app, endpoints.update, { ...writer, ...words.update }, async (request) => {
    const user = currentUser(request);
    await assertCanWrite(db, user);
    app.imageQueue.assertRoom();
    // New images count against the upload limit as product-add's do; an edit without any is not an upload.
    const parts = await readProductParts(request, PRODUCT_IMAGES_PART, PRODUCT_IMAGES_MAX, () =>
      app.countAction("upload", request),
    );
    const errors = [...parts.errors];
    const fields = productUpdateFields.safeParse(formEntriesToObject(parts.entries));
    if (!fields.success) errors.push(...fieldErrors(fields.error));
    if (fields.success) errors.push(...(await categoryIssues(db, fields.data)));
    if (errors.length > 0 || !fields.success) throw new FieldsError(400, errors.sort(byFormOrder));
    const encoded = await encodeAll(parts.files, PRODUCT_IMAGES_PART);
    try {
      return { message: PRODUCT_UPDATED, product: await updateProduct(db, user, fields.data, encoded) };
    } catch (error) {
      if (error instanceof FieldsError) throw new FieldsError(error.statusCode, error.errors.sort(byFormOrder));
      throw error;
    }
  });

  route(app, endpoints.list, { ...words.list, onRequest: app.authenticate }, (request) =>
    listSellerProducts(db, currentUser(request), request.query),
  );

  route(app, endpoints.get, { ...words.get, onRequest: app.authenticate }, async (request) => ({
    product: await getSellerProduct(db, currentUser(request), request.params.id),
  }));

  route(app, endpoints.remove, { ...writer, ...words.remove }, async (request) => {
    const { archived } = await deleteProduct(db, currentUser(request), request.params.id);
    return { message: archived ? PRODUCT_ARCHIVED : PRODUCT_DELETED, archived };
  });

  route(app, endpoints.bulk, { ...words.bulk, ...writer }, async (request) => {
    const { updated, archived } = await bulkProducts(db, currentUser(request), request.body);
    return { message: bulkDoneMessage(updated, archived), updated, archived };
  });

  route(app, endpoints.discounted, { ...words.discounted, onRequest: app.authenticate }, async (request) => ({
    products: await discountedProducts(db, currentUser(request), request.params.id),
  }));

  route(app, endpoints.imageUpdate, { ...words.imageUpdate, ...writer, rateLimit: "upload" }, async (request) => {
    const user = currentUser(request);
    await assertCanWrite(db, user);
    app.imageQueue.assertRoom();
    const parts = await readProductParts(request, NEW_IMAGE_PART, 1);
    const errors = [...parts.errors];
    const fields = productImageUpdateFields.safeParse(formEntriesToObject(parts.entries));
    if (!fields.success) errors.push(...fieldErrors(fields.error));
    if (parts.files.length === 0) errors.push({ field: NEW_IMAGE_PART, message: NEW_IMAGE_MISSING });
    if (errors.length > 0 || !fields.success) throw new FieldsError(400, errors);
    const [encoded] = await encodeAll(parts.files, NEW_IMAGE_PART);
    return { message: PRODUCT_IMAGE_UPDATED, product: await replaceProductImage(db, user, fields.data, encoded!) };
  });
}
