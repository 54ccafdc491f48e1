import { createElement } from "react";
import type { ShopRequest } from "#contract/shops";
import type { ShopOutcome } from "#contract/notification-texts";
import type { Db } from "../../db/client.js";
import type { MailMessage } from "../mail/outbox.js";
import { mailRecipient } from "../mail/recipients.js";
import { composeMail } from "../mail/render.js";
import { SHOP_DECISION_SUBJECTS, ShopDecisionMail } from "../mail/templates/shop-decision.js";

/**
 * The applicant's e-mail about their request (templates/shop-decision.tsx), with the link to the
 * page that shows the request's state. The notifications' one line is in contract/notification-texts.ts.
 */
export async function outcomeMail(
  db: Db,
  request: ShopRequest,
  outcome: ShopOutcome,
  publicWebUrl: string,
): Promise<MailMessage> {
  const link = `${publicWebUrl.replace(/\/+$/, "")}/dashboard/shop/confirmation`;
  return composeMail({
    kind: "shop-decision",
    recipient: await mailRecipient(db, request.userId),
    subject: SHOP_DECISION_SUBJECTS[outcome.kind],
    link,
    element: createElement(ShopDecisionMail, {
      name: request.applicant.name,
      shopName: request.shopName,
      outcome,
      link,
    }),
  });
}
