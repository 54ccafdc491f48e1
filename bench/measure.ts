import { createServer } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";

/**
 * Measures each target with autocannon (20 connections, 10 s, loopback) and compares its
 * throughput with a bare Node `http` server on the same machine, the ceiling for this hardware.
 */
const CONNECTIONS = 20;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 10);
const apiUrl = process.env.API_URL!;
const products = Number(process.env.BENCH_PRODUCTS || 10_000);
const webUrl = process.env.PUBLIC_WEB_URL!;

interface Measurement {
  name: string;
  url: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  ratioOfCeiling?: number;
}

async function measure(name: string, url: string, headers?: Record<string, string>): Promise<Measurement> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return {
    name,
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function firstProductSlug(): Promise<string> {
  const response = await fetch(`${apiUrl}/home/query-products?category=palas&parPage=1`);
  const body = (await response.json()) as { products: { slug: string }[] };
  if (!body.products[0]) throw new Error("El catálogo sembrado no tiene palas");
  return body.products[0].slug;
}

const hello = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/plain" });
  response.end("hola");
});
await new Promise<void>((resolve) => hello.listen(0, "127.0.0.1", resolve));
const helloAddress = hello.address();
if (!helloAddress || typeof helloAddress === "string") throw new Error("sin dirección");

const slug = await firstProductSlug();
/**
 * A visitor's pages come from the web's shared cache (app/services/page-cache.server.ts) while the
 * catalogue does not change; any cookie makes the web draw the page, as for a signed-in shopper,
 * so the «dibujada» targets measure the render itself.
 */
const drawn = { cookie: "banco=1" };
const targets: [string, string, Record<string, string>?][] = [
  ["Node http hola (techo)", `http://127.0.0.1:${helloAddress.port}/`],
  [
    "API /home/query-products filtrado",
    `${apiUrl}/home/query-products?category=palas&sortPrice=low-to-high&availability=in-stock&pageNumber=2`,
  ],
  ["API /home/query-products búsqueda «pala bullpadel»", `${apiUrl}/home/query-products?searchValue=pala%20bullpadel`],
  ["API /home/advanced-search sugerencias «bulpadel»", `${apiUrl}/home/advanced-search?searchValue=bulpadel`],
  ["Web /products?category=palas&sortPrice=low-to-high", `${webUrl}/products?category=palas&sortPrice=low-to-high`],
  ["Web ficha de producto", `${webUrl}/product/details/${slug}`],
  ["Web /policy", `${webUrl}/policy`],
  [
    "Web /products?category=palas&sortPrice=low-to-high dibujada",
    `${webUrl}/products?category=palas&sortPrice=low-to-high`,
    drawn,
  ],
  ["Web ficha de producto dibujada", `${webUrl}/product/details/${slug}`, drawn],
  ["Web /policy dibujada", `${webUrl}/policy`, drawn],
];

const results: Measurement[] = [];
for (const [name, url, headers] of targets) {
  process.stdout.write(`Midiendo ${name} ...\n`);
  results.push(await measure(name, url, headers));
}
hello.close();

const ceiling = results[0]!.requestsPerSecond;
for (const result of results) result.ratioOfCeiling = Number((result.requestsPerSecond / ceiling).toFixed(3));

console.table(
  results.map((r) => ({
    objetivo: r.name,
    "pet/s": r.requestsPerSecond,
    "p50 ms": r.p50Ms,
    "p99 ms": r.p99Ms,
    "vs techo": r.ratioOfCeiling,
    errores: r.errors + r.non2xx,
  })),
);

mkdirSync("bench/results", { recursive: true });
// The usual 10,000-product run keeps its old name; another size gets its own file beside it.
const resultsFile = products === 10_000 ? "bench/results/latest.json" : `bench/results/latest-${products}.json`;
writeFileSync(
  resultsFile,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      products,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      cores: (await import("node:os")).cpus().length,
      results,
    },
    null,
    2,
  ) + "\n",
);
console.log(`Resultados en ${resultsFile}`);
if (results.some((r) => r.errors + r.non2xx > 0)) {
  console.error("Hubo respuestas con error durante la medición.");
  process.exitCode = 1;
}
