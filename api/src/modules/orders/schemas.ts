import { z } from "zod";

export type { CouponAnswer, CouponAppliedAnswer, OrderAnswer, PlaceOrderAnswer } from "./contract.js";

/** Most cart lines one order may take. */
export const MAX_ORDER_LINES = 100;

/** An empty body arrives as null, not undefined: one text serves both cases. */
const objectExpected = (message: string) => ({ required_error: message, invalid_type_error: message });

const requiredText = (missing: string, max: number, tooLong: string) =>
  z
    .string({ required_error: missing, invalid_type_error: missing })
    .trim()
    .min(1, missing)
    .max(max, tooLong);

export const shippingInfoSchema = z.object(
  {
    name: requiredText("Escriba el nombre de quien recibe el pedido.", 80, "El nombre no puede superar los 80 caracteres.").pipe(
      z.string().min(2, "El nombre debe tener al menos 2 caracteres."),
    ),
    address: requiredText("Escriba la dirección de entrega.", 200, "La dirección no puede superar los 200 caracteres.").pipe(
      z.string().min(5, "Escriba la dirección completa: calle, número, piso."),
    ),
    province: requiredText("Escriba la provincia o el estado.", 80, "La provincia no puede superar los 80 caracteres."),
    city: requiredText("Escriba la ciudad.", 80, "La ciudad no puede superar los 80 caracteres."),
    area: requiredText("Escriba la zona o el barrio.", 80, "La zona no puede superar los 80 caracteres."),
    postCode: requiredText("Escriba el código postal.", 10, "El código postal no es válido.").pipe(
      z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/, "El código postal no es válido."),
    ),
    phone: requiredText("Escriba un teléfono de contacto.", 20, "El teléfono no es válido.").pipe(
      z
        .string()
        .regex(/^\+?[0-9 ()-]+$/, "Escriba un teléfono válido, por ejemplo +58 412 555 0000.")
        .refine((phone) => phone.replace(/\D/g, "").length >= 7, "Escriba un teléfono válido, por ejemplo +58 412 555 0000."),
    ),
  },
  objectExpected("Complete los datos de envío."),
);

const uuid = (invalid: string) => z.string({ required_error: invalid, invalid_type_error: invalid }).uuid(invalid);

/**
 * The spec's payload (price, products, shippingInfo, userId, items). Only shippingInfo and userId
 * are used: the lines and every price come from the user's cart in the database. `items` may list
 * cart line ids to order only those; anything else there (the client's unit count) is ignored.
 */
export const placeOrderBody = z.object(
  {
    userId: uuid("El usuario no es válido."),
    shippingInfo: shippingInfoSchema,
    items: z.preprocess(
      (value) => (Array.isArray(value) ? value : undefined),
      z
        .array(uuid("El producto del carrito no es válido."))
        .min(1, "Elija al menos un producto del carrito.")
        .max(MAX_ORDER_LINES, `Un pedido admite hasta ${MAX_ORDER_LINES} productos.`)
        .optional(),
    ),
  },
  objectExpected("Envíe los datos del pedido."),
);
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const orderParams = z.object({ orderId: uuid("El pedido no es válido.") });

export const couponBody = z.object(
  {
    code: z
      .string({ required_error: "Escriba el código del cupón.", invalid_type_error: "Escriba el código del cupón." })
      .trim()
      .min(1, "Escriba el código del cupón.")
      .max(40, "Cupón no encontrado.")
      .toUpperCase(),
  },
  objectExpected("Escriba el código del cupón."),
);
