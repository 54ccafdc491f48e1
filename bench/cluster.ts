import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { seedCatalogue, startStoreCluster, type StoreCluster } from "../tests/cluster/cluster";
import { startPostgres } from "../tests/support/postgres";

/**
 * Issue 13: one PostgreSQL with 10,000 products, measured with one API and one web, then with two
 * of each (bench/cluster.sh): 20 connections in all, split evenly over the instances as a load
 * balancer's round robin would. The two layouts take turns for BENCH_ROUNDS rounds, so a busy
 * moment of the machine falls on both.
 */
const CONNECTIONS = 20;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS || 10_000);

interface Target {
  name: string;
  /** The target's addresses on each instance of a cluster. */
  urls(cluster: StoreCluster): string[];
  /** A cookie makes the web draw the page instead of serving the one it keeps (decision 0018). */
  headers?: Record<string, string>;
}

const TARGETS: Target[] = [
  {
    name: "API /home/query-products filtrado",
    urls: (cluster) =>
      cluster.apiUrls.map(
        (url) => `${url}/home/query-products?category=palas&sortPrice=low-to-high&availability=in-stock&pageNumber=2`,
      ),
  },
  {
    name: "Web /products?category=palas&sortPrice=low-to-high",
    urls: (cluster) => cluster.webUrls.map((url) => `${url}/products?category=palas&sortPrice=low-to-high`),
  },
  {
    name: "Web /products?category=palas&sortPrice=low-to-high dibujada",
    urls: (cluster) => cluster.webUrls.map((url) => `${url}/products?category=palas&sortPrice=low-to-high`),
    headers: { cookie: "banco=1" },
  },
];

interface Measurement {
  target: string;
  instances: number;
  round: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

async function measure(target: Target, cluster: StoreCluster, round: number): Promise<Measurement> {
  const urls = target.urls(cluster);
  // A few requests first on each instance: its caches and pool warm, as in a running store.
  const { headers } = target;
  for (const url of urls)
    for (let warm = 0; warm < 5; warm++) await fetch(url, { headers }).then((response) => response.arrayBuffer());
  // The connections split evenly over the instances, all running at once: a balancer's round robin.
  const results = await Promise.all(
    urls.map((url) => autocannon({ url, headers, connections: CONNECTIONS / urls.length, duration: DURATION_SECONDS })),
  );
  return {
    target: target.name,
    instances: urls.length,
    round,
    requestsPerSecond: Math.round(results.reduce((total, result) => total + result.requests.average, 0)),
    // The slower instance's: what a shopper sent there waits.
    p50Ms: Math.max(...results.map((result) => result.latency.p50)),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    errors: results.reduce((total, result) => total + result.errors + result.timeouts + result.non2xx, 0),
  };
}

// The machine's load when the run starts and ends: other work on its cores lowers every figure.
const loadAtStart = loadavg()[0]!;
const postgres = await startPostgres();
// The seeded pictures' files, shared by every instance as a deployment's shared volume (decision 0036).
const filesDir = mkdtempSync(path.join(tmpdir(), "mp-archivos-banco-"));
const measurements: Measurement[] = [];
try {
  process.stdout.write(`Sembrando ${PRODUCTS} productos en PostgreSQL ...\n`);
  await seedCatalogue(postgres.url, PRODUCTS, filesDir);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const instances of [1, 2]) {
      const cluster = await startStoreCluster({ instances, databaseUrl: postgres.url, filesDir });
      try {
        for (const target of TARGETS) {
          process.stdout.write(`Ronda ${round}, ${instances} instancia(s): ${target.name} ...\n`);
          measurements.push(await measure(target, cluster, round));
        }
      } finally {
        await cluster.stop();
      }
    }
  }
} finally {
  await postgres.stop();
  rmSync(filesDir, { recursive: true, force: true });
}

const mean = (values: number[]) => Math.round(values.reduce((total, value) => total + value, 0) / values.length);
const summary = TARGETS.map((target) => {
  const of = (instances: number) => measurements.filter((m) => m.target === target.name && m.instances === instances);
  const [one, two] = [of(1), of(2)];
  const oneRate = mean(one.map((m) => m.requestsPerSecond));
  const twoRate = mean(two.map((m) => m.requestsPerSecond));
  return {
    target: target.name,
    oneInstanceRequestsPerSecond: oneRate,
    twoInstancesRequestsPerSecond: twoRate,
    ratio: Number((twoRate / oneRate).toFixed(2)),
    oneInstanceP99Ms: Math.max(...one.map((m) => m.p99Ms)),
    twoInstancesP99Ms: Math.max(...two.map((m) => m.p99Ms)),
    errors: [...one, ...two].reduce((total, m) => total + m.errors, 0),
  };
});

console.table(
  summary.map((s) => ({
    objetivo: s.target,
    "1 instancia pet/s": s.oneInstanceRequestsPerSecond,
    "2 instancias pet/s": s.twoInstancesRequestsPerSecond,
    "2 / 1": s.ratio,
    "p99 ms (1)": s.oneInstanceP99Ms,
    "p99 ms (2)": s.twoInstancesP99Ms,
    errores: s.errors,
  })),
);

mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/cluster-latest.json",
  `${JSON.stringify({ date: new Date().toISOString(), cores: availableParallelism(), loadAverage: { start: loadAtStart, end: loadavg()[0]! }, products: PRODUCTS, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, rounds: ROUNDS, summary, measurements }, null, 2)}\n`,
);
console.log("Resultados en bench/results/cluster-latest.json");
