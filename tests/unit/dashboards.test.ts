import { describe, expect, it } from "vitest";
import { comparedWithPrevious } from "#contract/dashboard-periods";
import { chartDay, dayOfMonth } from "#contract/store-time";
import { formatUsd } from "#contract/money-format";
import { salesSummary } from "~/components/dashboard/SalesChart";
import { dashboardPeriodOf } from "~/services/dashboards.server";

/** The dashboards' texts (issue 12): the comparison with the previous period, the chart's days and summary, the period of the address. */
describe("paneles: textos", () => {
  it("compara con el periodo anterior en porcentaje entero, con su signo", () => {
    expect(comparedWithPrevious(11200, 10000, 30)).toBe("+12 % frente a los 30 días anteriores");
    expect(comparedWithPrevious(4600, 10000, 7)).toBe("−54 % frente a los 7 días anteriores");
    expect(comparedWithPrevious(10040, 10000, 90)).toBe("Sin cambios frente a los 90 días anteriores");
    expect(comparedWithPrevious(0, 0, 30)).toBe("Sin cambios frente a los 30 días anteriores");
    expect(comparedWithPrevious(3000, 0, 30)).toBe("Frente a 0 en los 30 días anteriores");
  });

  it("escribe los días del calendario sin que la zona horaria los mueva", () => {
    expect(chartDay("2026-03-29")).toBe("29 mar");
    expect(dayOfMonth("2026-01-01")).toBe("1 de enero");
  });

  it("resume el gráfico: el total, los días con ventas y el mejor día", () => {
    const days = [
      { day: "2026-03-30", sale: 0, orders: 0 },
      { day: "2026-03-31", sale: 9500, orders: 1 },
      { day: "2026-04-01", sale: 22400, orders: 2 },
    ];
    expect(salesSummary(days)).toBe(
      `Ventas por día del 30 de marzo al 1 de abril: ${formatUsd(31900)} en 2 días con ventas; el mejor día fue el 1 de abril, con ${formatUsd(22400)}.`,
    );
    expect(salesSummary(days.map((day) => ({ ...day, sale: 0, orders: 0 })))).toBe(
      "Ventas por día del 30 de marzo al 1 de abril: ninguna venta en este periodo.",
    );
  });

  it("lee el periodo de la dirección; cualquier otro valor es el de 30 días", () => {
    expect(dashboardPeriodOf(new URLSearchParams("period=7"))).toBe("7");
    expect(dashboardPeriodOf(new URLSearchParams("period=90"))).toBe("90");
    expect(dashboardPeriodOf(new URLSearchParams("period=15"))).toBe("30");
    expect(dashboardPeriodOf(new URLSearchParams(""))).toBe("30");
  });
});
