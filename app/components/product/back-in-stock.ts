import { z } from "zod";
import { stockAlertBody } from "#contract/stock";

/** The product page's 'Avísame cuando vuelva' and its cancel button (issue 11). */
export const stockAlertIntents = {
  subscribe: "avisarme",
  cancel: "cancelar-aviso",
} as const;

/**
 * Either form: which product and size ('' for a product without sizes), and which of the two. The
 * contract's body plus the intent, checked by Conform and by the page's action alike.
 */
export const stockAlertFormSchema = stockAlertBody.extend({
  intent: z.enum([stockAlertIntents.subscribe, stockAlertIntents.cancel], { message: "Acción no válida." }),
});
