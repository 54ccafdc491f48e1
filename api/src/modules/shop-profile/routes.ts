import type { Multipart } from "@fastify/multipart";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FieldError } from "#contract/http";
import { BANNER_IMAGE_WIDTHS, IMAGE_TOO_MANY_PIXELS, IMAGE_WIDTHS, type ImageWidth } from "#contract/media";
import { FORBIDDEN, INVALID_TEXT } from "#contract/messages";
import {
  PROFILE_MULTIPART_EXPECTED,
  PROFILE_SAVED,
  SHOP_IMAGE_INVALID,
  SHOP_IMAGE_TOO_LARGE,
  SHOP_PROFILE_FORM_FIELDS,
  shopProfileEndpoints as endpoints,
  shopProfileFields,
  VACATION_ENDED,
  VACATION_STARTED,
} from "#contract/shop-profile";
import {
  SHOP_IMAGE_MAX_BYTES,
  SHOP_IMAGE_PARTS,
  VACATION_MAX_DAYS,
  type ShopImagePart,
} from "#contract/shop-profile-labels";
import { FILE_NOT_EXPECTED, FORM_TOO_MANY_PARTS, ONE_IMAGE_ONLY } from "#contract/uploads";
import type { Db } from "../../db/client.js";
import { shops } from "../../db/schema.js";
import type { FileStore } from "../../files/store.js";
import { FieldsError, HttpError } from "../../http-error.js";
import { documentModule, type ReferenceSection } from "../../reference.js";
import { route, type RouteWords } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import { encodeImage, keepEncodedImage, type StoredImage } from "../media/service.js";
import { checkSellerShop } from "../shops/seller-writes.js";
import { saveShopProfile, saveVacation, shopProfile, NO_SHOP } from "./service.js";

/** This module's section of the API reference (/docs, reference.ts). */
const section: ReferenceSection = {
  name: "shop-profile",
  description:
    "A shop's profile and vacation (issue 34), the seller's own shop only (401 without a token, 403 `No " +
    "tienes permiso para esta acción.` for others). Shapes, limits and messages: `contract/shop-profile.ts`, " +
    "`contract/shop-profile-labels.ts`. The texts are plain text (line breaks kept; pages never read them " +
    "as HTML). Vacation is a return date in store time (Europe/Madrid): the shop is on vacation while " +
    "today is before it, so it ends on its own; meanwhile its products stay listed but adding them to a " +
    "cart is 400 and placing an order with them 409, with the date.",
};

/** The reference's words on each call of this module (route.ts, EndpointOptions). */
const words = {
  get: {
    summary: "The seller's shop's profile",
    description:
      "Sellers only: `{name, slug, country, logo, banner, description, returnPolicy, shippingPolicy, " +
      "contactEmail, contactPhone, vacation: {until, note} | null, today, latestReturn}`; images are ids " +
      "(`/images/{id}/{width}.webp`). 404 `No tienes una tienda.`.",
  },
  save: {
    summary: "Change the seller's shop's profile",
    description:
      "Multipart: `description`, `returnPolicy`, `shippingPolicy` (plain text, at most 2000 characters " +
      "each), `contactEmail` (an e-mail address or empty), `contactPhone` (a phone of the shop's country " +
      "or empty, answered in international form), `removeLogo`/`removeBanner` (`on`), and the files `logo` " +
      "and `banner` (each optional, checked like a product's images: by content, at most 5 MB, cut off " +
      "while it arrives: 413; stored as WebP, the banner in the banner widths). A field left out is " +
      "emptied: the form sends them all. 400 names every field at fault. `{message: 'Perfil de la tienda " +
      "guardado.', profile}`. Locks the shop's row and writes the audit entry `tienda.perfil` with both " +
      "versions.",
  },
  vacation: {
    summary: "Turn the seller's shop's vacation on or off",
    description:
      `\`{on: true, until: 'YYYY-MM-DD', note?}\`: the return date must be after today and at most ` +
      `${VACATION_MAX_DAYS} days ahead (store time), 400 on \`until\` otherwise; \`{on: false}\` ends it. ` +
      "Locks the shop's row FOR UPDATE (orders being placed read it FOR SHARE: each one is placed before " +
      "the change or refused after it) and writes the audit entry `tienda.vacaciones`.",
  },
} satisfies Record<string, RouteWords>;

async function sellersOnly(request: FastifyRequest) {
  if (currentUser(request).role !== "seller") throw new HttpError(403, FORBIDDEN);
}

/** contract/uploads.ts's shape: two images and a few text fields. */
const MULTIPART_LIMITS = {
  fields: 20,
  fieldSize: 20_000,
  parts: 24,
  files: SHOP_IMAGE_PARTS.length,
  fileSize: SHOP_IMAGE_MAX_BYTES,
} as const;

interface ProfileParts {
  fields: Record<string, string>;
  images: Partial<Record<ShopImagePart, Buffer>>;
  errors: FieldError[];
}

const isImagePart = (name: string): name is ShopImagePart => (SHOP_IMAGE_PARTS as readonly string[]).includes(name);

/** The profile form's parts: text fields, and at most one file in each of `logo` and `banner`. */
async function readProfileParts(request: FastifyRequest): Promise<ProfileParts> {
  if (!request.isMultipart()) throw new HttpError(400, PROFILE_MULTIPART_EXPECTED);
  const read: ProfileParts = { fields: {}, images: {}, errors: [] };
  let current: string = SHOP_IMAGE_PARTS[0];
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS }) as AsyncIterable<Multipart>) {
      if (part.type === "field") {
        const value = typeof part.value === "string" ? part.value : String(part.value);
        if (value.includes("\u0000") || part.fieldname.includes("\u0000"))
          throw new FieldsError(400, [{ field: part.fieldname, message: INVALID_TEXT }]);
        read.fields[part.fieldname] = value;
        continue;
      }
      current = part.fieldname;
      const data = await part.toBuffer();
      if (!isImagePart(part.fieldname)) {
        read.errors.push({ field: part.fieldname, message: FILE_NOT_EXPECTED });
        continue;
      }
      // A browser sends a file input left empty as a part without name or bytes.
      if (data.length === 0 && (part.filename ?? "") === "") continue;
      if (read.images[part.fieldname]) {
        read.errors.push({ field: part.fieldname, message: ONE_IMAGE_ONLY });
        continue;
      }
      read.images[part.fieldname] = data;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new FieldsError(413, [{ field: current, message: SHOP_IMAGE_TOO_LARGE }]);
    if (code === "FST_FILES_LIMIT") throw new FieldsError(400, [{ field: current, message: ONE_IMAGE_ONLY }]);
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") throw new HttpError(413, FORM_TOO_MANY_PARTS);
    throw new HttpError(400, PROFILE_MULTIPART_EXPECTED);
  }
  return read;
}

const FORM_ORDER: readonly string[] = SHOP_PROFILE_FORM_FIELDS;
const byFormOrder = (a: FieldError, b: FieldError) => FORM_ORDER.indexOf(a.field) - FORM_ORDER.indexOf(b.field);

/** The shop's profile page's calls. */
export async function shopProfileRoutes(app: FastifyInstance, opts: { db: Db; files: FileStore }) {
  documentModule(app, section);
  const { db, files } = opts;

  /** One image checked by its content and converted through the image queue, then written to the file store. */
  async function storedImage(part: ShopImagePart, data: Buffer): Promise<StoredImage> {
    const widths: readonly ImageWidth[] = part === "banner" ? BANNER_IMAGE_WIDTHS : IMAGE_WIDTHS;
    try {
      return await keepEncodedImage(files, await app.imageQueue.run(() => encodeImage(data, widths)));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) {
        const message = error.message === IMAGE_TOO_MANY_PIXELS ? IMAGE_TOO_MANY_PIXELS : SHOP_IMAGE_INVALID;
        throw new FieldsError(400, [{ field: part, message }]);
      }
      throw error;
    }
  }

  route(app, endpoints.get, { ...words.get, onRequest: [app.authenticate, sellersOnly] }, (request) =>
    shopProfile(db, currentUser(request).id),
  );

  route(
    app,
    endpoints.save,
    { ...words.save, onRequest: [app.authenticate, sellersOnly], sellerWrite: true, rateLimit: "upload" },
    async (request) => {
      const sellerId = currentUser(request).id;
      const shop = await checkSellerShop(db, sellerId);
      if (!shop) throw new HttpError(404, NO_SHOP);
      app.imageQueue.assertRoom();
      const parts = await readProfileParts(request);
      const [{ country }] = await db.select({ country: shops.country }).from(shops).where(eq(shops.id, shop.id));
      const errors = [...parts.errors];
      const fields = shopProfileFields.safeParse({ ...parts.fields, country });
      if (!fields.success) {
        for (const issue of fields.error.issues) {
          const field = String(issue.path[0] ?? "description");
          if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
        }
      }
      if (errors.length > 0 || !fields.success) throw new FieldsError(400, errors.sort(byFormOrder));
      const logo = parts.images.logo ? await storedImage("logo", parts.images.logo) : null;
      const banner = parts.images.banner ? await storedImage("banner", parts.images.banner) : null;
      return {
        message: PROFILE_SAVED,
        profile: await saveShopProfile(db, sellerId, fields.data, { logo, banner }),
      };
    },
  );

  route(
    app,
    endpoints.vacation,
    { ...words.vacation, onRequest: [app.authenticate, sellersOnly], sellerWrite: true },
    async (request) => ({
      message: request.body.on ? VACATION_STARTED : VACATION_ENDED,
      profile: await saveVacation(db, currentUser(request).id, request.body),
    }),
  );
}
