// The looks the admin's and seller's pages still borrow from the shopper's old buttons. The
// shopper's pages use the UI kit's Button (app/components/ui/Button.tsx); delete this file once
// nothing imports it.

export const primaryButtonLook =
  "inline-flex items-center justify-center rounded-full bg-ink px-4 py-2 text-sm font-bold text-white hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButtonLook =
  "inline-flex items-center justify-center rounded-full border border-neutral-400 bg-white px-4 py-2 text-sm font-bold text-ink hover:border-ink disabled:cursor-not-allowed disabled:opacity-60";
