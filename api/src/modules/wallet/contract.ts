/** Answer shapes of the wallet calls, shared by the API and the web. Money is integer cents (USD). */

const usd = new Intl.NumberFormat("es-ES", { style: "currency", currency: "USD" });

/** The one way money is shown, in the API's messages and on the pages: cents as "1234,50 US$". */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

export interface WalletEntry {
  _id: string;
  /** Positive for money in, negative for money out. */
  amount: number;
  reason: string;
  createdAt: string;
}

export interface WalletAnswer {
  /** The sum of every entry. */
  balance: number;
  /** Newest first. */
  entries: WalletEntry[];
}

export interface VoucherRedeemedAnswer {
  message: string;
  balance: number;
}
