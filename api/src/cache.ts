/**
 * Keeps the answer of an expensive read for a short time. Used only for catalogue-wide data
 * (categories, price range, filter options) that every page asks for and that changes rarely.
 * Each API instance holds its own copy and nothing depends on it being fresh, so instances
 * stay interchangeable. A failed load is not kept.
 */
export function cachedFor<T>(seconds: number, load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  let expiresAt = 0;
  return () => {
    const now = Date.now();
    if (value === undefined || now >= expiresAt) {
      expiresAt = now + seconds * 1000;
      value = load().catch((error: unknown) => {
        value = undefined;
        throw error;
      });
    }
    return value;
  };
}
