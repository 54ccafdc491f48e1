import type { Page, Response } from "@playwright/test";
import { gzipSync } from "node:zlib";

export const apiUrl = `http://127.0.0.1:${process.env.E2E_API_PORT || 4310}`;

interface ProductSummary {
  _id: string;
  name: string;
  slug: string;
  brand: string;
  salePrice: number;
  stock: number;
}

/** Products straight from the API, to pick test data without hard-coding the seeded catalogue. */
export async function queryProducts(query: Record<string, string>): Promise<{ products: ProductSummary[]; totalProduct: number }> {
  const response = await fetch(`${apiUrl}/home/query-products?${new URLSearchParams(query)}`);
  if (!response.ok) throw new Error(`query-products ${response.status}`);
  return (await response.json()) as { products: ProductSummary[]; totalProduct: number };
}

/** Gzipped bytes of every script the page loads while the callback runs. */
export async function gzippedScriptBytes(page: Page, run: () => Promise<unknown>): Promise<number> {
  const sizes: Promise<number>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    sizes.push(response.body().then((body) => gzipSync(body).length, () => 0));
  };
  page.on("response", onResponse);
  await run();
  page.off("response", onResponse);
  return (await Promise.all(sizes)).reduce((total, size) => total + size, 0);
}
