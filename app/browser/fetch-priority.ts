/**
 * Spread on the <img> (or preload <link>) of a page's largest picture. React 18 knows no
 * `fetchPriority` prop and warns about it; the lowercase attribute passes through as it is.
 */
export const HIGH_FETCH_PRIORITY = { fetchpriority: "high" } as Record<string, string>;
