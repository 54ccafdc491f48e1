// Without zod, so a page that shows ratings does not load the schema library.

/** '1 estrella', '4 estrellas': the stars of a rating, on the page and in the seller's notification. */
export const starsText = (stars: number) => (stars === 1 ? "1 estrella" : `${stars} estrellas`);
