/**
 * Catalogue answers kept per question (a set of filters, a searched text) for a short time, like
 * cachedFor (api/src/cache.ts) keeps one. Used for what grows with the catalogue but not with the
 * page: the listing's total (counting visits every matching product, 27,000 rows for the in-stock
 * rackets of 100,000 products, while the page's cards are twelve read through an index), a searched
 * page's ranking (which ids, in which order) and the search suggestions (both score every product
 * that matches). The API drops every copy on a catalogue write (routes.ts), so a product a seller
 * archives leaves them on the next request; a sale that empties a product's stock is not a
 * catalogue write, and an in-stock total or searched page may count it for up to `seconds` more
 * (its card says it is sold out). Whole listing and product answers, which carry stock, prices and
 * reviews, are kept too, but only until the database announces a change to any row they show (changes.ts).
 */
export type KeyedCache<T> = (key: string, load: () => Promise<T>) => Promise<T>;

/** At most `maxEntries` answers; past that the oldest is dropped. A failed load is not kept. */
export function keyedCache<T>(seconds: number, maxEntries: number): KeyedCache<T> {
  const entries = new Map<string, { answer: Promise<T>; expiresAt: number }>();
  return (key, load) => {
    const now = Date.now();
    const kept = entries.get(key);
    if (kept && now < kept.expiresAt) return kept.answer;
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    const answer = load().catch((error: unknown) => {
      if (entries.get(key)?.answer === answer) entries.delete(key);
      throw error;
    });
    entries.set(key, { answer, expiresAt: now + seconds * 1000 });
    return answer;
  };
}

/** Loads afresh every time: for callers without a cache (tests, one-off reads). */
export const loadAlways = <T>(_key: string, load: () => Promise<T>): Promise<T> => load();
