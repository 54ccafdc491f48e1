import type { Role } from "#contract/accounts";
import type { NotificationItem } from "#contract/notifications";
import { orderNumber } from "#contract/order-labels";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { SELLER_HOME, sellerOrderPaths, sellerPaths } from "~/routes/dashboard/seller/paths";

const ADMIN_PRODUCTS = adminPaths.products;

/** A link a notification offers: what it leads to ("Pedido", "Producto"), its address and its text. */
export interface NotificationLink {
  subject: string;
  href: string;
  text: string;
}

/**
 * Where a notification leads, each to a page its user may open: a seller's notice about an order
 * opens their part of it (the seller's order page), a customer's their order; a review notice the
 * product's reviews, a low-stock notice the seller's stock control, a back-in-stock notice the
 * product; a withdrawal notice the seller's payments.
 */
export function notificationLinks(notification: NotificationItem, role: Role): NotificationLink[] {
  const links: NotificationLink[] = [];
  if (notification.orderId) {
    // An admin's notice about an order (a return they may answer) opens the admin's page of it.
    const href = notification.sellerOrderId
      ? sellerOrderPaths.details(notification.sellerOrderId)
      : role === "admin"
        ? adminPaths.order(notification.orderId)
        : `/dashboard/order/details/${notification.orderId}`;
    links.push({ subject: "Pedido", href, text: `#${orderNumber(notification.orderId)}` });
  }
  const { product } = notification;
  if (product) {
    const productPage = `/product/details/${encodeURIComponent(product.slug)}`;
    if (notification.type === "resena")
      links.push({ subject: "Producto", href: `${productPage}#resenas`, text: "Ver las reseñas" });
    // A product an admin hid (issue 35): its seller fixes it on its edit page; admins review it in their list.
    else if (notification.type === "sistema")
      links.push(
        product.own
          ? { subject: "Producto", href: sellerPaths.editProduct(product._id), text: "Corregir el producto" }
          : { subject: "Producto", href: `${ADMIN_PRODUCTS}?moderation=revision`, text: "Revisar el producto" },
      );
    else if (product.own)
      links.push({
        subject: "Producto",
        href: `${sellerPaths.control}/${encodeURIComponent(product._id)}`,
        text: "Ver tu control de stock",
      });
    else links.push({ subject: "Producto", href: productPage, text: "Ver el producto" });
  }
  if (notification.type === "retiro")
    links.push({ subject: "Pagos", href: `${SELLER_HOME}/payments`, text: "Ver tus pagos y retiros" });
  return links;
}
