import { describe, expect, it } from "vitest";
import { formatUsd } from "#contract/money-format";
import { ibanIsValid, payoutMethodBody, type LedgerRow } from "#contract/withdrawals";
import { withdrawFormSchema } from "~/routes/dashboard/seller/payments.schema";
import { chosenMonth, recentMonths, statementCsv } from "~/services/seller-payments.server";

type StatementRow = LedgerRow & { date: string; availableOn: string | null };

const row = (values: Partial<StatementRow>): StatementRow => ({
  _id: crypto.randomUUID(),
  kind: "venta",
  amount: 19_000,
  reason: "Venta del pedido #ABCD1234 en Centro Pádel, menos comisión",
  createdAt: "2026-11-02T10:00:00.000Z",
  orderId: crypto.randomUUID(),
  orderNumber: "ABCD1234",
  saleTotal: 20_000,
  commission: 1_000,
  withdrawalId: null,
  availableAt: "2026-11-12T10:00:00.000Z",
  available: true,
  date: "2 de noviembre de 2026, 11:00",
  availableOn: "12 de noviembre de 2026",
  ...values,
});

describe("estado de cuenta en CSV", () => {
  it("lleva BOM, punto y coma entre celdas, importes con el formato de la tienda y líneas CRLF", () => {
    const csv = statementCsv([
      row({}),
      row({
        kind: "retiro",
        amount: -5_000,
        reason: "Retiro solicitado",
        orderId: null,
        orderNumber: null,
        saleTotal: null,
        commission: null,
        availableAt: null,
        availableOn: null,
      }),
    ]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      '"Fecha";"Tipo";"Concepto";"Pedido";"Total de la venta";"Comisión";"Importe";"Disponible desde"',
    );
    expect(lines[1]).toContain(
      `"#ABCD1234";"${formatUsd(20_000)}";"${formatUsd(1_000)}";"${formatUsd(19_000)}";"12 de noviembre de 2026"`,
    );
    expect(lines[2]).toContain(`"Retiro solicitado";"Retiro solicitado";"";"";"";"${formatUsd(-5_000)}";""`);
    expect(lines[3]).toBe("");
  });

  it("una venta sin entregar dice cuándo estará disponible; un concepto que parece fórmula no se ejecuta; las comillas se doblan", () => {
    const csv = statementCsv([
      row({ available: false, availableAt: null, availableOn: null, reason: '=HYPERLINK("http://x") "dice"' }),
    ]);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"") ""dice"""`);
    expect(csv).toContain('"Cuando se entregue"');
  });
});

describe("formularios de pagos", () => {
  it("comprueba el IBAN con su dígito de control y acepta cuentas venezolanas de 20 dígitos", () => {
    expect(ibanIsValid("ES9121000418450200051332")).toBe(true);
    expect(ibanIsValid("ES9121000418450200051333")).toBe(false);
    const transfer = (account: string) =>
      payoutMethodBody.safeParse({ kind: "transferencia", holder: "Ana Ruiz", bank: "Mercantil", account });
    expect(transfer("0105-0123-45-1234567890").data).toMatchObject({ account: "01050123451234567890" });
    expect(transfer("0105 0123 45").success).toBe(false);
  });

  it("normaliza el móvil y la cédula del Pago Móvil", () => {
    const parsed = payoutMethodBody.parse({
      kind: "pago_movil",
      bank: "Banesco",
      phone: "+58 414 555 12 34",
      idDocument: "e.1234567",
    });
    expect(parsed).toMatchObject({ phone: "0414-5551234", idDocument: "E-1234567" });
    expect(
      payoutMethodBody.safeParse({
        kind: "pago_movil",
        bank: "Banesco",
        phone: "0212-5551234",
        idDocument: "V-1234567",
      }).success,
    ).toBe(false);
  });

  it("el importe se escribe en dólares, con coma o punto, y viaja en céntimos", () => {
    expect(withdrawFormSchema.parse({ amount: "45,50" })).toEqual({ amount: 4550 });
    expect(withdrawFormSchema.parse({ amount: "12.3" })).toEqual({ amount: 1230 });
    expect(withdrawFormSchema.safeParse({ amount: "doce" }).success).toBe(false);
  });

  it("los meses del estado de cuenta son los doce últimos de la zona de la tienda", () => {
    const now = new Date("2026-01-31T23:30:00Z"); // Already 1 February in Madrid.
    expect(recentMonths(now).slice(0, 3)).toEqual(["2026-02", "2026-01", "2025-12"]);
    expect(recentMonths(now)).toHaveLength(12);
    expect(chosenMonth("2025-13", now)).toBe("2026-02");
    expect(chosenMonth("2025-07", now)).toBe("2025-07");
  });
});
