import { z } from "zod";

export type { CartAnswer, CompareAnswer, ShopperCountsAnswer, WishlistAnswer } from "./contract.js";

/** Most units of one product and size a single add-to-cart call may ask for. */
const MAX_ADD_QUANTITY = 99;
const SIZE_MAX_LENGTH = 20;

const id = (what: string) =>
  z
    .string({ required_error: `Falta ${what}.`, invalid_type_error: `${capitalise(what)} no es válido.` })
    .uuid(`${capitalise(what)} no es válido.`);

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An empty body arrives as null, not undefined: one text serves both cases. */
const objectExpected = (message: string) => ({ required_error: message, invalid_type_error: message });

export const userParams = z.object({ userId: id("el usuario") });
export const lineParams = z.object({ id: id("el producto de la lista") });

/**
 * `userId`, when a client sends it, must be the caller's own id; the caller's identity comes from
 * the Authorization header. Unknown fields (a price, say) are dropped: the server computes prices.
 */
const productListBody = {
  userId: id("el usuario").optional(),
  productId: id("el producto"),
};

export const addToCartBody = z.object(
  {
    ...productListBody,
    quantity: z
      .number({ invalid_type_error: "La cantidad debe ser un número entero." })
      .int("La cantidad debe ser un número entero.")
      .min(1, "La cantidad mínima es 1.")
      .max(MAX_ADD_QUANTITY, `La cantidad máxima es ${MAX_ADD_QUANTITY}.`)
      .default(1),
    // A blank size is no size: the service then asks for one if the product has sizes.
    size: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .string({ invalid_type_error: "La talla no es válida." })
        .trim()
        .max(SIZE_MAX_LENGTH, "La talla elegida no existe.")
        .optional(),
    ),
  },
  objectExpected("Envíe el producto que desea agregar."),
);
export type AddToCartBody = z.infer<typeof addToCartBody>;

export const productListItemBody = z.object(productListBody, objectExpected("Envíe el producto que desea agregar."));

export const mergeGuestListsBody = z.object({ guestId: id("el invitado") }, objectExpected("Envíe el invitado cuyas listas desea combinar."));
