import { z } from "zod";

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
