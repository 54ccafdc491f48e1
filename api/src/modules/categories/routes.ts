import type { Multipart } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  CATEGORY_ADDED,
  CATEGORY_IMAGE_INVALID,
  CATEGORY_IMAGE_MISSING,
  CATEGORY_IMAGE_PART,
  CATEGORY_IMAGE_TOO_LARGE,
  CATEGORY_MULTIPART_EXPECTED,
  CATEGORY_UPDATED,
  categoryEndpoints as endpoints,
  categoryFields,
  type CategoryFields,
} from "#contract/categories";
import type { FieldError } from "#contract/http";
import { INVALID_TEXT } from "#contract/messages";
import { IMAGE_TOO_MANY_PIXELS } from "#contract/media";
import { CATEGORY_UPLOAD, FILE_NOT_EXPECTED, FORM_TOO_MANY_PARTS, ONE_IMAGE_ONLY } from "#contract/uploads";
import type { Db } from "../../db/client.js";
import type { FileStore } from "../../files/store.js";
import { FieldsError, HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { adminOnly, currentUser } from "../accounts/auth.js";
import { prepareImage, type StoredImage } from "../media/service.js";
import {
  addCategory,
  adminCategoryList,
  deleteCategory,
  moveCategory,
  moveCategoryProducts,
  precheckCategoryWrite,
  setCategoryVisibility,
  updateCategory,
} from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "categories",
  description:
    "Adding and renaming categories: admins only (401 without a valid token; 403 `No tienes permiso para " +
    "esta acción.` for customers and sellers). The list is `GET /category-get` (section *catalog*). A " +
    "category is `{_id, name, slug, image, specSheet}` (`image`: an image id or null; `specSheet`: " +
    "`pala`, `zapatilla` or null, `contract/spec-sheet-fields.ts`); the slug is always `slugify(name)` " +
    "(`contract/catalog.ts`). Shapes, limits and messages: `contract/categories.ts`.\n\n" +
    "**Refusals.** 400 with `errors: [{field, message}]` naming every field at fault at once (`name`, " +
    "`specSheet`, `image`). A name another category has, compared without capitals or accents (`PÁLAS` " +
    "is `Palas`), or whose slug another category has (`Palas!`), is 409 on `name` (`Ya existe la " +
    "categoría «Palas» …`, `Ese nombre daría la dirección «palas», que ya usa la categoría «Palas». …`). " +
    'The image is checked like every image (docs/api/limits.md, "Images"): by content through sharp ' +
    "(JPEG, PNG, WebP, GIF, AVIF, TIFF; a program renamed `.png` or an SVG is 400 `El archivo no es una " +
    "imagen válida …` on `image`), at most 5 MB (cut off while it arrives: 413 on `image`), decoded " +
    "through the image queue (503 when full), stored through the media module as WebP in its three " +
    "widths. Both calls count against the `upload` rate limit; the web waits 60 s for them (SPEC.md " +
    "section 9, the endpoints' `timeoutMs`).\n\n" +
    "**Writes** run in one transaction: a transaction-level advisory lock on the category names (two " +
    "admins naming two categories alike at once: the second is refused), the category's row `for update` " +
    "on an edit, the image, the row, the audit entry (`categoria.crear` / `categoria.editar`, entity " +
    "`categoria`, `{name, slug, specSheet, imageId}` before and after) and `announceCatalogueChange(tx)` " +
    "(`api/src/modules/catalog/changes.ts`): every API instance drops its cached categories and facets " +
    "once the write commits, and the writing instance at once, so the home page, the footer and the " +
    "listing's filter show the change on the next request. A name or image is checked before the image " +
    "is decoded, and again under the lock.\n\n" +
    "**Renaming** moves a category's address, and old addresses keep working: " +
    "`/home/query-products?category=` with a slug no category has now looks for the newest " +
    "`categoria.editar` entry whose `before.slug` is it and lists that category's products (the " +
    "append-only audit log is the slug history, so no table of its own is needed). A current slug always " +
    "wins: a new category may take a former slug, and from then on the address is its own.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  add: {
    summary: "Add a category",
    description:
      "Admin. Multipart: `name` (2-60 characters, trimmed, spaces collapsed, with a letter or a digit), " +
      "`specSheet` (`ninguna`, `pala`, `zapatilla`; absent: `ninguna`) and the file `image` (required). " +
      "201 `{message: 'Categoría creada.', category}`; the new category comes last in the store's order.",
  },
  update: {
    summary: "Rename a category, or change its spec sheet or image",
    description:
      "Admin. Multipart: `name` (required), `specSheet` and `image` (each absent: kept). `{message: " +
      "'Categoría actualizada.', category}`; the slug follows the name. An edit that changes nothing " +
      "writes nothing. 404 `Categoría no encontrada.`. Changing the spec sheet of a category some of whose " +
      "products have filled in the current one is 409 on `specSheet`. A replaced image is kept: the audit " +
      "entry names it.",
  },
  adminList: {
    summary: "List every category for the admin",
    description:
      "Admin. `?page=&parPage=&searchValue=` as `GET /category-get`, but hidden categories too, in the store's " +
      "order, each with `position`, `hidden` and its products counted: `products` (not archived), `published` " +
      "(of those) and `archived` (still in it: a delete waits for them to be moved too).",
  },
  setVisibility: {
    summary: "Hide a category from shoppers, or show it again",
    description:
      "Admin. `{hidden}`. A hidden category is offered nowhere to shoppers (`/home/get-categorys`, its listing " +
      "address lists nothing) and sellers cannot put a product in it (409 beside `categoryId` on their product " +
      "writes; a product already in it keeps it); its products stay on sale. Answers `{message}`. The same " +
      "state again writes nothing. Locks the category's row; audited (`categoria.ocultar` / " +
      "`categoria.mostrar`). 404 `Categoría no encontrada.`.",
  },
  move: {
    summary: "Move a category one place up or down",
    description:
      "Admin. `{direction: 'arriba' | 'abajo'}`. Under the categories' advisory lock the whole order is " +
      "numbered again from 1 with the two swapped; audited (`categoria.ordenar`, the order of slugs before " +
      "and after). 409 `La categoría ya es la primera.` / `… la última.`; 404 when it does not exist.",
  },
  moveProducts: {
    summary: "Move every product of a category to another one",
    description:
      "Admin. `{toCategoryId}`. Every product of the category, archived ones too, goes to the other " +
      "category (both rows locked in id order). 400 on `toCategoryId` for the same category; 404 for a " +
      "category that does not exist; 409 on `toCategoryId` when products filled in a spec sheet the other " +
      "category does not have; 409 `La categoría no tiene productos que mover.`. Audited " +
      "(`categoria.mover_productos`).",
  },
  remove: {
    summary: "Delete an empty category",
    description:
      "Admin. Only a category without any product, archived ones included (orders point at them): otherwise " +
      "409 `La categoría tiene N productos: muévelos a otra categoría antes de borrarla.`. Locks the row: a " +
      "product added to it at the same moment is either counted or refused with 409 `La categoría elegida " +
      "ya no existe …`. Audited (`categoria.borrar`, the category before).",
  },
} satisfies Record<string, RouteWords>;

/** The form's fields in the order the form shows them, so the answer's errors read top to bottom. */
const FORM_ORDER = ["name", "specSheet", CATEGORY_IMAGE_PART];
const byFormOrder = (a: FieldError, b: FieldError) => FORM_ORDER.indexOf(a.field) - FORM_ORDER.indexOf(b.field);

/** contract/uploads.ts: far above the form's own fields, so only abuse reaches them. */
const MULTIPART_LIMITS = {
  fields: CATEGORY_UPLOAD.fields,
  fieldSize: CATEGORY_UPLOAD.fieldBytes,
  parts: CATEGORY_UPLOAD.parts,
  files: CATEGORY_UPLOAD.files,
  fileSize: CATEGORY_UPLOAD.fileBytes,
} as const;

interface CategoryParts {
  fields: Record<string, string>;
  /** The picture's bytes, unchecked; null when none was chosen (an empty file input is none). */
  image: Buffer | null;
  errors: FieldError[];
}

/**
 * A category form's parts: text fields and at most one file, in the part `image`, of at most
 * CATEGORY_IMAGE_MAX_BYTES (refused while it streams, never held whole).
 */
async function readCategoryParts(request: FastifyRequest): Promise<CategoryParts> {
  if (!request.isMultipart()) throw new HttpError(400, CATEGORY_MULTIPART_EXPECTED);
  const read: CategoryParts = { fields: {}, image: null, errors: [] };
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS }) as AsyncIterable<Multipart>) {
      if (part.type === "field") {
        const value = typeof part.value === "string" ? part.value : String(part.value);
        if (value.includes("\u0000") || part.fieldname.includes("\u0000"))
          throw new FieldsError(400, [{ field: part.fieldname, message: INVALID_TEXT }]);
        read.fields[part.fieldname] = value;
        continue;
      }
      const data = await part.toBuffer();
      if (part.fieldname !== CATEGORY_IMAGE_PART) {
        read.errors.push({ field: part.fieldname, message: FILE_NOT_EXPECTED });
        continue;
      }
      // A browser sends a file input left empty as a part without name or bytes.
      if (data.length === 0 && (part.filename ?? "") === "") continue;
      read.image = data;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new FieldsError(413, [{ field: CATEGORY_IMAGE_PART, message: CATEGORY_IMAGE_TOO_LARGE }]);
    if (code === "FST_FILES_LIMIT")
      throw new FieldsError(400, [{ field: CATEGORY_IMAGE_PART, message: ONE_IMAGE_ONLY }]);
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") throw new HttpError(413, FORM_TOO_MANY_PARTS);
    // Reading parts touches nothing but the body: any other failure is a malformed request.
    throw new HttpError(400, CATEGORY_MULTIPART_EXPECTED);
  }
  return read;
}

/** The text fields checked by the contract, with every field at fault named (the image's too). */
function checkedFields(parts: CategoryParts, imageRequired: boolean): CategoryFields {
  const errors = [...parts.errors];
  const fields = categoryFields.safeParse(parts.fields);
  if (!fields.success) {
    for (const issue of fields.error.issues) {
      const field = String(issue.path[0] ?? "name");
      if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
    }
  }
  if (imageRequired && parts.image === null && !errors.some((error) => error.field === CATEGORY_IMAGE_PART)) {
    errors.push({ field: CATEGORY_IMAGE_PART, message: CATEGORY_IMAGE_MISSING });
  }
  if (errors.length > 0 || !fields.success) throw new FieldsError(400, errors.sort(byFormOrder));
  return fields.data;
}

/**
 * Categories (issue 11; SPEC.md section 7 "Categories and catalogue"): admins add and edit them.
 * The list is the catalogue's public GET /category-get (catalog/routes.ts).
 */
export async function categoryRoutes(app: FastifyInstance, opts: { db: Db; files: FileStore }) {
  documentModule(app, section);
  const { db, files } = opts;
  const admin = { onRequest: [app.authenticate, adminOnly], rateLimit: "upload" as const };

  /**
   * The picture checked by its content and converted, through the app's image queue, and written to
   * the file store; a refusal is the field's.
   */
  async function encodedImage(image: Buffer): Promise<StoredImage> {
    try {
      return await prepareImage(files, image, app.imageQueue);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) {
        const message = error.message === IMAGE_TOO_MANY_PIXELS ? IMAGE_TOO_MANY_PIXELS : CATEGORY_IMAGE_INVALID;
        throw new FieldsError(400, [{ field: CATEGORY_IMAGE_PART, message }]);
      }
      throw error;
    }
  }

  route(app, endpoints.add, { ...admin, ...words.add }, async (request, reply) => {
    // With every place in the image queue taken, refuse before reading the upload.
    app.imageQueue.assertRoom();
    const parts = await readCategoryParts(request);
    const fields = checkedFields(parts, true);
    // A taken name is refused before the image costs anything; the transaction checks it again.
    await precheckCategoryWrite(db, fields.name);
    const category = await addCategory(db, currentUser(request), fields, await encodedImage(parts.image!));
    reply.status(201);
    return { message: CATEGORY_ADDED, category };
  });

  route(app, endpoints.update, { ...admin, ...words.update }, async (request) => {
    app.imageQueue.assertRoom();
    const parts = await readCategoryParts(request);
    const fields = checkedFields(parts, false);
    await precheckCategoryWrite(db, fields.name, request.params.categoryId);
    const image = parts.image ? await encodedImage(parts.image) : null;
    const category = await updateCategory(db, currentUser(request), request.params.categoryId, fields, image);
    return { message: CATEGORY_UPDATED, category };
  });

  const adminOnlyCall = { onRequest: [app.authenticate, adminOnly] };

  route(app, endpoints.adminList, { ...adminOnlyCall, ...words.adminList }, (request) =>
    adminCategoryList(db, request.query),
  );

  route(app, endpoints.setVisibility, { ...adminOnlyCall, ...words.setVisibility }, async (request) => ({
    message: await setCategoryVisibility(db, currentUser(request), request.params.categoryId, request.body.hidden),
  }));

  route(app, endpoints.move, { ...adminOnlyCall, ...words.move }, async (request) => ({
    message: await moveCategory(db, currentUser(request), request.params.categoryId, request.body.direction),
  }));

  route(app, endpoints.moveProducts, { ...adminOnlyCall, ...words.moveProducts }, async (request) => ({
    message: await moveCategoryProducts(db, currentUser(request), request.params.categoryId, request.body.toCategoryId),
  }));

  route(app, endpoints.remove, { ...adminOnlyCall, ...words.remove }, async (request) => ({
    message: await deleteCategory(db, currentUser(request), request.params.categoryId),
  }));
}
