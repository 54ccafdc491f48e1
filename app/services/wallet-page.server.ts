import { dateTime } from "./times.server";
import { answer, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { walletIntents } from "~/routes/dashboard/my-wallet.forms";
import { voucherFormSchema, WALLET_FORMS } from "~/routes/dashboard/my-wallet.schema";
import { refusalOf } from "./account.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { getWallet, redeemVoucher } from "./customer-orders.server";
import { redirectWithFlash } from "./session.server";

/**
 * /dashboard/my-wallet: balance (with a seller's sales not yet available, which cannot pay) and
 * ledger; a wallet that cannot be read says why (SPEC.md section 8).
 */
export async function loadWalletPage(account: AccountClient) {
  const { wallet, error } = await getWallet(account);
  return {
    error,
    balance: wallet?.balance ?? null,
    pendingSales: wallet?.pendingSales ?? 0,
    available: wallet?.available ?? 0,
    entries: (wallet?.entries ?? []).map((entry) => ({ ...entry, date: dateTime(entry.createdAt) })),
    constraints: formConstraints({ voucher: voucherFormSchema }),
  };
}

/** Redeems a voucher; an unknown, expired or already redeemed code is said next to the field, the code kept. */
export async function walletAction(args: RequestArgs, account: AccountClient) {
  const form = await parseIntentForm(args.request, WALLET_FORMS);
  if (!form.ok) return form.answer;
  switch (form.intent) {
    case walletIntents.redeemVoucher:
      try {
        const { message } = await redeemVoucher(account, form.value.code);
        return redirectWithFlash(args.context, "/dashboard/my-wallet", { kind: "success", message });
      } catch (error) {
        if (error instanceof Response) throw error;
        const { status, formErrors } = refusalOf(error, []);
        return answer({ intent: form.intent, result: form.reply({ fieldErrors: { code: formErrors } }) }, status);
      }
  }
}
