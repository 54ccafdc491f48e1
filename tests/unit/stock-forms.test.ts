import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { STOCK_TOTAL_REQUIRED } from "#contract/stock";
import { stockAlertIntents } from "~/routes/product-details.forms";
import { signInToWaitHref } from "~/routes/product-details.paths";
import { stockAlertFormSchema } from "~/routes/product-details.schema";
import { demandText, signedChange } from "~/services/stock-words";
import {
  movementsPageOf,
  stockControlListQuery,
  stockFormSchema,
  THRESHOLD_REQUIRED,
  thresholdFormSchema,
} from "~/forms/stock.schema";

const PRODUCT = "0b7c1f3e-5d2a-4c8e-9f10-2a3b4c5d6e7f";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe("el formulario de stock del vendedor", () => {
  it("con tallas envía cada talla y su suma como stock total, con la versión leída", () => {
    const submission = parseWithZod(
      form({
        productId: PRODUCT,
        stockVersion: "7",
        "sizes[0].size": "41",
        "sizes[0].stock": "3",
        "sizes[1].size": "42",
        "sizes[1].stock": " 0 ",
      }),
      { schema: stockFormSchema },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      productId: PRODUCT,
      stockVersion: 7,
      newStock: 3,
      sizes: [
        { size: "41", stock: 3 },
        { size: "42", stock: 0 },
      ],
    });
  });

  it("sin tallas envía el stock único", () => {
    const submission = parseWithZod(form({ productId: PRODUCT, stockVersion: "0", newStock: "12" }), {
      schema: stockFormSchema,
    });
    expect(submission.status === "success" && submission.value).toEqual({
      productId: PRODUCT,
      stockVersion: 0,
      newStock: 12,
    });
  });

  it("un stock vacío, negativo o con decimales se señala en su talla con el mensaje del contrato", () => {
    const submission = parseWithZod(
      form({
        productId: PRODUCT,
        stockVersion: "1",
        "sizes[0].size": "41",
        "sizes[0].stock": "",
        "sizes[1].size": "42",
        "sizes[1].stock": "-2",
        "sizes[2].size": "43",
        "sizes[2].stock": "1.5",
      }),
      { schema: stockFormSchema },
    );
    expect(submission.status).toBe("error");
    const errors = submission.status === "error" ? submission.error : {};
    expect(errors?.["sizes[0].stock"]).toEqual(["El stock debe ser un número entero."]);
    expect(errors?.["sizes[1].stock"]).toEqual(["El stock no puede ser negativo."]);
    expect(errors?.["sizes[2].stock"]).toEqual(["El stock debe ser un número entero."]);
  });

  it("sin tallas ni stock, o sin versión, no se envía", () => {
    const empty = parseWithZod(form({ productId: PRODUCT, stockVersion: "1", newStock: "" }), {
      schema: stockFormSchema,
    });
    expect(empty.status === "error" && empty.error).toEqual({ newStock: [STOCK_TOTAL_REQUIRED] });
    const noVersion = parseWithZod(form({ productId: PRODUCT, newStock: "4" }), { schema: stockFormSchema });
    expect(noVersion.status === "error" && noVersion.error).toEqual({
      stockVersion: ["Falta la versión del stock; recarga la página."],
    });
    const badProduct = parseWithZod(form({ productId: "42", stockVersion: "1", newStock: "4" }), {
      schema: stockFormSchema,
    });
    expect(badProduct.status === "error" && Object.keys(badProduct.error ?? {})).toEqual(["productId"]);
  });

  it("el umbral de stock bajo viaja con las cifras leídas, y es obligatorio", () => {
    const saved = parseWithZod(
      form({
        productId: PRODUCT,
        stockVersion: "3",
        "sizes[0].size": "42",
        "sizes[0].stock": "5",
        lowStockThreshold: "2",
      }),
      { schema: thresholdFormSchema },
    );
    expect(saved.status === "success" && saved.value).toEqual({
      productId: PRODUCT,
      stockVersion: 3,
      newStock: 5,
      sizes: [{ size: "42", stock: 5 }],
      lowStockThreshold: 2,
    });

    const missing = parseWithZod(
      form({ productId: PRODUCT, stockVersion: "3", newStock: "5", lowStockThreshold: "" }),
      { schema: thresholdFormSchema },
    );
    expect(missing.status === "error" && missing.error).toEqual({ lowStockThreshold: [THRESHOLD_REQUIRED] });

    const negative = parseWithZod(
      form({ productId: PRODUCT, stockVersion: "3", newStock: "5", lowStockThreshold: "-1" }),
      { schema: thresholdFormSchema },
    );
    expect(negative.status === "error" && negative.error).toEqual({
      lowStockThreshold: ["El umbral de stock bajo no puede ser negativo."],
    });
  });
});

describe("el aviso de vuelta al stock", () => {
  it("lleva el producto, la talla (vacía sin tallas) y la intención", () => {
    const subscribe = parseWithZod(form({ intent: stockAlertIntents.subscribe, productId: PRODUCT, size: "42" }), {
      schema: stockAlertFormSchema,
    });
    expect(subscribe.status === "success" && subscribe.value).toEqual({
      intent: "avisarme",
      productId: PRODUCT,
      size: "42",
    });
    const single = parseWithZod(form({ intent: stockAlertIntents.cancel, productId: PRODUCT }), {
      schema: stockAlertFormSchema,
    });
    expect(single.status === "success" && single.value).toEqual({
      intent: "cancelar-aviso",
      productId: PRODUCT,
      size: "",
    });
  });

  it("una intención desconocida o un producto mal escrito se rechazan", () => {
    expect(
      parseWithZod(form({ intent: "comprar", productId: PRODUCT, size: "42" }), { schema: stockAlertFormSchema })
        .status,
    ).toBe("error");
    expect(
      parseWithZod(form({ intent: stockAlertIntents.subscribe, productId: "x", size: "42" }), {
        schema: stockAlertFormSchema,
      }).status,
    ).toBe("error");
  });

  it("un visitante inicia sesión y vuelve al producto", () => {
    expect(signInToWaitHref("/product/details/zapatilla-x")).toBe(
      "/login?redirectTo=%2Fproduct%2Fdetails%2Fzapatilla-x",
    );
  });
});

describe("la lista de control y sus textos", () => {
  it("lee búsqueda, solo stock bajo y página, y deja fuera lo que no entiende", () => {
    expect(stockControlListQuery(new URLSearchParams("searchValue=%20Bullpadel%20&lowOnly=1&pageNumber=3"))).toEqual({
      searchValue: "Bullpadel",
      lowOnly: true,
      page: 3,
    });
    expect(stockControlListQuery(new URLSearchParams("lowOnly=quizas&pageNumber=-2"))).toEqual({
      searchValue: undefined,
      lowOnly: false,
      page: 1,
    });
    expect(movementsPageOf(new URLSearchParams("pageNumber=2"))).toBe(2);
    expect(movementsPageOf(new URLSearchParams("pageNumber=dos"))).toBe(1);
  });

  it("la demanda se dice en singular y en plural, con la talla o sin ella", () => {
    expect(demandText(3, "42")).toBe("3 clientes esperan la talla 42");
    expect(demandText(1, "42")).toBe("1 cliente espera la talla 42");
    expect(demandText(2, "")).toBe("2 clientes esperan este producto");
    expect(signedChange(-1)).toBe("−1");
    expect(signedChange(5)).toBe("+5");
  });
});
