/**
 * Totals of the listing (how many products a set of filters finds), kept per set of filters for a
 * short time. Counting visits every matching product, which grows with the catalogue (27,000 rows
 * for the in-stock rackets of 100,000 products) while the page of cards beside it reads only its
 * twelve through an index. Only totals are kept, never the cards: a product a seller archives
 * leaves the cards on the next request, and the total follows when the API drops its catalogue
 * copies on that write (routes.ts). A sale that empties a product's stock is not a catalogue write:
 * the in-stock total may count it for up to `seconds` more.
 */
export type CountsCache = (key: string, count: () => Promise<number>) => Promise<number>;

/** At most `maxEntries` totals (each a few bytes with its key); past that the oldest is dropped. */
export function countsCache(seconds: number, maxEntries: number): CountsCache {
  const entries = new Map<string, { total: Promise<number>; expiresAt: number }>();
  return (key, count) => {
    const now = Date.now();
    const kept = entries.get(key);
    if (kept && now < kept.expiresAt) return kept.total;
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    const total = count().catch((error: unknown) => {
      // A failed count is not kept.
      if (entries.get(key)?.total === total) entries.delete(key);
      throw error;
    });
    entries.set(key, { total, expiresAt: now + seconds * 1000 });
    return total;
  };
}
