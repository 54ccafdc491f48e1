/**
 * The store's commission as pages show it (issue 35), without zod: rates are kept in basis points
 * (500 = 5 %) so two decimals of a percentage are exact.
 */

export const BASIS_POINTS_PER_PERCENT = 100;
export const MAX_COMMISSION_BP = 100 * BASIS_POINTS_PER_PERCENT;

/** A rate as Spanish writes it: «5 %», «7,5 %», «12,25 %». */
export function formatRate(rateBp: number): string {
  const percent = (rateBp / BASIS_POINTS_PER_PERCENT).toFixed(2).replace(/\.?0+$/, "");
  return `${percent.replace(".", ",")} %`;
}

/** A rate as the form field shows it again: «7,5». */
export function typedRate(rateBp: number): string {
  return formatRate(rateBp).replace(" %", "");
}
