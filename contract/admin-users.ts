import { z } from "zod";
import { role, type Role } from "./accounts";
import {
  isoDateTime,
  objectExpected,
  queryChoice,
  queryDay,
  queryPage,
  queryPageSize,
  queryText,
  requiredText,
  uuid,
} from "./fields";
import { endpoint, messageAnswer, noBody, noInput } from "./http";
import { ADMIN_USER_SEARCH_MAX } from "./limits";
import { INVALID_USER } from "./messages";
import { deliveryStatus, paymentStatus } from "./orders";
import { DAY_INVALID, orderedWindow } from "./promotions";
import { shopStatus } from "./shop-status";
import { DECISION_REASON_MAX_LENGTH } from "./shops";

/**
 * The admin's users (issue 35): find them by name, e-mail, role and sign-up day; one user's data,
 * orders, shop and wallet; block (with a reason the user is told) and unblock (decision 0051).
 */

export const ADMIN_USERS_PER_PAGE = 20;
export const MAX_ADMIN_USERS_PER_PAGE = 100;
/** How many of the user's latest orders their page lists. */
export const ADMIN_USER_RECENT_ORDERS = 20;

export const ROLE_LABELS: Record<Role, string> = {
  customer: "Cliente",
  seller: "Vendedor",
  admin: "Administrador",
};

export const USER_NOT_FOUND_ADMIN = "Usuario no encontrado.";
export const USER_BLOCKED = "Usuario bloqueado: ya no puede entrar y las sesiones abiertas se han cerrado.";
export const USER_UNBLOCKED = "Usuario desbloqueado: ya puede volver a entrar.";
export const USER_ALREADY_BLOCKED = "Este usuario ya está bloqueado; recarga la página para ver su estado.";
export const USER_NOT_BLOCKED = "Este usuario no está bloqueado; recarga la página para ver su estado.";
export const CANNOT_BLOCK_SELF = "No puedes bloquearte a ti mismo: otro administrador tendría que hacerlo.";
export const CANNOT_BLOCK_ADMIN =
  "No puedes bloquear a otro administrador: primero tendría que dejar de serlo, y eso no se hace desde esta pantalla.";
export const BLOCK_REASON_MISSING = "Escribe el motivo del bloqueo: se lo diremos al usuario.";
/** 409 of a shop reactivation while its owner is blocked: unblocking the owner is what brings it back. */
export const SHOP_OWNER_BLOCKED =
  "El dueño de esta tienda está bloqueado: desbloquéalo desde Usuarios para que la tienda vuelva a vender.";

/** What a blocked user reads when they try to sign in (password or Google), with the admin's reason. */
export function accountBlocked(reason: string): string {
  return `Tu cuenta está bloqueada. Motivo: ${reason.trim().replace(/\.?$/, ".")} Si crees que es un error, escríbenos desde la página de contacto.`;
}

export const adminUsersQuery = z
  .object({
    page: queryPage(),
    parPage: queryPageSize(MAX_ADMIN_USERS_PER_PAGE, ADMIN_USERS_PER_PAGE),
    /** Part of the name or e-mail, case-insensitive. */
    searchValue: queryText({
      max: ADMIN_USER_SEARCH_MAX,
      message: `La búsqueda admite hasta ${ADMIN_USER_SEARCH_MAX} caracteres.`,
    }),
    role: queryChoice(role.options, "El rol no es válido."),
    /** Signed up from the start of this day (store time, Europe/Madrid). */
    signedUpFrom: queryDay(DAY_INVALID),
    /** Signed up until the end of this day (store time). */
    signedUpTo: queryDay(DAY_INVALID),
  })
  .superRefine((query, context) => {
    if (query.signedUpFrom && query.signedUpTo)
      orderedWindow({ validFrom: query.signedUpFrom, validUntil: query.signedUpTo }, context, "signedUpTo");
  });
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

export const userBlock = z.object({ blockedAt: isoDateTime, reason: z.string() });

export const adminUserRow = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  createdAt: isoDateTime,
  blocked: userBlock.nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminUsersAnswer = z.object({
  users: z.array(adminUserRow),
  totalUser: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
});
export type AdminUsersAnswer = z.infer<typeof adminUsersAnswer>;

export const adminUserDetail = adminUserRow.extend({
  phone: z.string().nullable(),
  emailVerified: z.boolean(),
  signsInWithGoogle: z.boolean(),
  address: z.object({
    addressLine: z.string(),
    city: z.string(),
    province: z.string(),
    postCode: z.string(),
  }),
  /** Their latest orders, newest first (ADMIN_USER_RECENT_ORDERS at most), and how many they have in all. */
  orders: z.array(
    z.object({
      _id: z.string(),
      number: z.string(),
      createdAt: isoDateTime,
      price: z.number().int(),
      payment_status: paymentStatus,
      delivery_status: deliveryStatus,
    }),
  ),
  totalOrder: z.number().int(),
  shop: z.object({ _id: z.string(), name: z.string(), slug: z.string(), status: shopStatus }).nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const adminUserParams = z.object({ userId: uuid(INVALID_USER) });

export const blockUserBody = z.object(
  {
    reason: requiredText(
      BLOCK_REASON_MISSING,
      DECISION_REASON_MAX_LENGTH,
      `El motivo no puede superar los ${DECISION_REASON_MAX_LENGTH} caracteres.`,
    ),
  },
  objectExpected(BLOCK_REASON_MISSING),
);
export type BlockUserBody = z.infer<typeof blockUserBody>;

export const adminUserEndpoints = {
  /** Admin only: users, newest sign-up first, by name or e-mail, role and sign-up days. */
  list: endpoint({ method: "GET", path: "/admin/users", query: adminUsersQuery, answer: adminUsersAnswer }),
  /** Admin only: one user with their latest orders and their shop. */
  user: endpoint({
    method: "GET",
    path: "/admin/users/:userId",
    params: adminUserParams,
    query: noInput,
    answer: z.object({ user: adminUserDetail }),
  }),
  /** Admin only: blocks a user who is neither the caller nor an admin. */
  block: endpoint({
    method: "POST",
    path: "/admin/users/:userId/block",
    params: adminUserParams,
    body: blockUserBody,
    answer: messageAnswer,
  }),
  /** Admin only: unblocks a blocked user. */
  unblock: endpoint({
    method: "POST",
    path: "/admin/users/:userId/unblock",
    params: adminUserParams,
    body: noBody,
    answer: messageAnswer,
  }),
};
