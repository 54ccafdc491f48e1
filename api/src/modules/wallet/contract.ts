/** Answer shapes of the wallet calls, shared by the API and the web. Money is integer cents (USD). */
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
