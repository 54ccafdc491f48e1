import type { Multipart } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodError } from "zod";
import type { FieldError } from "#contract/http";
import { FORBIDDEN, INVALID_TEXT } from "#contract/messages";
import { IMAGE_TOO_MANY_PIXELS } from "#contract/media";
import {
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
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from "#contract/seller-product-labels";
import type { Db } from "../../db/client.js";
import { FieldsError, HttpError } from "../../http-error.js";
import { route } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import { encodeImage, type EncodedImage } from "../media/service.js";
import {
  assertCanWrite,
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
const TOO_MANY_PARTS = "El formulario tiene demasiados campos.";
const NO_FILE_HERE = "Este campo no admite archivos.";

/**
 * Far above the form's own needs (20 sizes of two fields, a spec sheet, 8 image entries, a
 * description of 4000 characters in UTF-8): only abuse reaches them.
 */
const PART_LIMITS = { fields: 120, fieldSize: 20_000, parts: 140, fileSize: PRODUCT_IMAGE_MAX_BYTES } as const;

interface ProductParts {
  entries: [string, string][];
  files: Buffer[];
  errors: FieldError[];
}

/**
 * Reads a product form: text fields in order (repeated names kept), and files only in `filePart`
 * (at most `maxFiles`, each at most PRODUCT_IMAGE_MAX_BYTES, refused while it streams).
 */
async function readProductParts(request: FastifyRequest, filePart: string, maxFiles: number): Promise<ProductParts> {
  if (!request.isMultipart()) throw new HttpError(400, MULTIPART_EXPECTED);
  const read: ProductParts = { entries: [], files: [], errors: [] };
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
      const data = await part.toBuffer();
      if (part.fieldname !== filePart) {
        read.errors.push({ field: part.fieldname, message: NO_FILE_HERE });
        continue;
      }
      // A file input left empty sends a part without name or bytes: no image.
      if (data.length === 0 && (part.filename ?? "") === "") continue;
      read.files.push(data);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new FieldsError(413, [{ field: filePart, message: IMAGE_TOO_LARGE }]);
    if (code === "FST_FILES_LIMIT") throw new FieldsError(400, [{ field: filePart, message: IMAGES_TOO_MANY }]);
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") throw new HttpError(413, TOO_MANY_PARTS);
    throw new HttpError(400, MULTIPART_EXPECTED);
  }
  return read;
}

/** Seller products (issue 11; SPEC.md section 7 "Seller products"; README, "Seller products API"). */
export async function sellerProductRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  /** Customers are refused before the body is read; the shop's status is checked next. */
  const sellerOnly = async (request: FastifyRequest) => {
    if (currentUser(request).role !== "seller") throw new HttpError(403, FORBIDDEN);
  };
  const writer = { onRequest: [app.authenticate, sellerOnly] };

  /** Every file checked by its content (not its name) and converted, through the app's image queue. */
  const encodeAll = async (files: Buffer[], field: string): Promise<EncodedImage[]> => {
    const encoded: EncodedImage[] = [];
    for (const file of files) {
      try {
        encoded.push(await app.imageQueue.run(() => encodeImage(file)));
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

  route(app, endpoints.add, { ...writer, rateLimit: "upload" }, async (request, reply) => {
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

  route(app, endpoints.update, writer, async (request) => {
    const user = currentUser(request);
    await assertCanWrite(db, user);
    app.imageQueue.assertRoom();
    const parts = await readProductParts(request, PRODUCT_IMAGES_PART, PRODUCT_IMAGES_MAX);
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

  route(app, endpoints.list, { onRequest: app.authenticate }, (request) =>
    listSellerProducts(db, currentUser(request), request.query),
  );

  route(app, endpoints.get, { onRequest: app.authenticate }, async (request) => ({
    product: await getSellerProduct(db, currentUser(request), request.params.id),
  }));

  route(app, endpoints.remove, writer, async (request) => {
    const { archived } = await deleteProduct(db, currentUser(request), request.params.id);
    return { message: archived ? PRODUCT_ARCHIVED : PRODUCT_DELETED, archived };
  });

  route(app, endpoints.discounted, { onRequest: app.authenticate }, async (request) => ({
    products: await discountedProducts(db, currentUser(request), request.params.id),
  }));

  route(app, endpoints.imageUpdate, { ...writer, rateLimit: "upload" }, async (request) => {
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
