/**
 * The periods the dashboards cover and how a figure compares with the previous one, without zod,
 * so the dashboards' pages do not load the schema library. dashboards.ts builds its query on these.
 */

export const DASHBOARD_PERIODS = ["7", "30", "90"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = "30";

/**
 * '+12 % frente a los 30 días anteriores': a figure against the previous period's, rounded to
 * whole percent; without a previous figure there is nothing to compare with.
 */
export function comparedWithPrevious(current: number, previous: number, days: number): string {
  const against = `frente a los ${days} días anteriores`;
  if (previous === 0) return current === 0 ? `Sin cambios ${against}` : `Frente a 0 en los ${days} días anteriores`;
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return `Sin cambios ${against}`;
  return `${change > 0 ? "+" : "−"}${Math.abs(change)} % ${against}`;
}
