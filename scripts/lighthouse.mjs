// `npm run lighthouse`: audits four pages of the built store (run `npm run build` first) with
// Lighthouse's mobile defaults (moto g power, simulated throttling). It starts the API and the web
// on free loopback ports over a freshly seeded DATA_DIR, writes an HTML and a JSON report per page and
// lighthouse/summary.md, and stops what it started. `--runs N` audits each page N times and keeps
// the run of median performance, since one run on a busy machine can be off by a few points.
/* global console, fetch -- Node's own globals; this config lints .mjs files without the Node environment */
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";

const REPORT_DIR = "lighthouse";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const MAX_ATTEMPTS = 3;

const { values: options } = parseArgs({ options: { runs: { type: "string", default: "1" } } });
const runs = Number.parseInt(options.runs, 10);
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs espera un número entero positivo");

for (const file of ["build/api/main.js", "build/web/server.js"]) {
  if (!existsSync(file)) {
    console.error(`Falta ${file}: ejecuta antes npm run build.`);
    process.exit(1);
  }
}

/** A port nobody listens on right now: the system picks it, and we release it at once. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`El proceso terminó antes de responder en ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`Sin respuesta en ${url}`);
}

const started = [];
let chrome;
const dataDir = await mkdtemp(join(tmpdir(), "mp-lighthouse-"));

async function stopAll() {
  chrome?.kill();
  for (const child of started) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(child.pid, "SIGTERM");
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
}

/** The page's run of median performance score. */
function medianRun(results) {
  const sorted = [...results].sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Tasks of 50 ms or more (as simulated) that ran a script file: hydration and module evaluation, not parsing or layout. */
function longScriptTasks(lhr) {
  const tasks = (lhr.audits["long-tasks"].details?.items ?? []).filter((task) => /\.js(\?|$)/.test(task.url));
  return tasks.length === 0 ? "none" : tasks.map((task) => `${Math.round(task.duration)} ms`).join(", ");
}

function summaryLine(name, path, { lhr }, allRuns) {
  const score = (category) => Math.round(lhr.categories[category].score * 100);
  const metric = (audit) => lhr.audits[audit].displayValue.replace(/\u00a0/g, " ");
  const lcpNode = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  // The tag and what it shows (alt text or words), short enough for a table cell.
  const lcpElement = lcpNode
    ? `${lcpNode.snippet.match(/^<(\w+)/)?.[1] ?? ""} "${lcpNode.nodeLabel.slice(0, 48)}"`
    : "";
  const everyRun = allRuns.map((run) => Math.round(run.lhr.categories.performance.score * 100)).join(", ");
  return `| ${name} | \`${path}\` | ${CATEGORIES.map(score).join(" | ")} | ${everyRun} | ${metric("largest-contentful-paint")} | ${metric("total-blocking-time")} | ${longScriptTasks(lhr)} | ${metric("cumulative-layout-shift")} | ${lcpElement.replace(/\|/g, "\\|")} |`;
}

try {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    API_HOST: "127.0.0.1",
    API_PORT: String(apiPort),
    HOST: "127.0.0.1",
    PORT: String(webPort),
    API_URL: apiUrl,
    PUBLIC_API_URL: apiUrl,
    PUBLIC_WEB_URL: webUrl,
  };
  const run = (script, log) => {
    const child = spawn(process.execPath, [script], { env, stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.on("data", (chunk) => log.push(chunk));
    started.push(child);
    return child;
  };
  const apiLog = [];
  const webLog = [];
  console.log(`Sembrando la tienda de demostración en ${dataDir} ...`);
  try {
    await waitFor(`${apiUrl}/health`, run("build/api/main.js", apiLog));
    await waitFor(`${webUrl}/policy`, run("build/web/server.js", webLog));
  } catch (error) {
    console.error(Buffer.concat([...apiLog, ...webLog]).toString());
    throw error;
  }

  const { latest_product: latest } = await (await fetch(`${apiUrl}/home/get-products`)).json();
  const pages = [
    { name: "Portada", file: "home", path: "/" },
    { name: "Listado", file: "products", path: "/products" },
    { name: "Producto", file: "product", path: `/product/details/${latest[0].slug}` },
    { name: "Carrito", file: "card", path: "/card" },
  ];

  /** On a busy machine Chrome now and then records no usable trace (NO_NAVSTART): that run is made again. */
  const audit = async (url) => {
    for (let attempt = 1; ; attempt++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: ["html", "json"],
        logLevel: "error",
        onlyCategories: CATEGORIES,
      });
      if (!result.lhr.runtimeError) return result;
      if (attempt === MAX_ATTEMPTS) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
      console.warn(`${url}: ${result.lhr.runtimeError.code}, se repite`);
    }
  };

  chrome = await launch({ chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  await mkdir(REPORT_DIR, { recursive: true });
  // Simulated throttling scales what it observed: on a busy machine every figure is worse.
  const loadAtStart = loadavg()[0];
  const lines = [];
  let lastReport;
  for (const page of pages) {
    const results = [];
    for (let attempt = 0; attempt < runs; attempt++) results.push(await audit(`${webUrl}${page.path}`));
    const chosen = medianRun(results);
    lastReport = chosen.lhr;
    const [html, json] = chosen.report;
    await writeFile(join(REPORT_DIR, `${page.file}.html`), html);
    await writeFile(join(REPORT_DIR, `${page.file}.json`), json);
    lines.push(summaryLine(page.name, page.path, chosen, results));
    console.log(lines[lines.length - 1]);
  }

  const { lighthouseVersion, configSettings } = lastReport;
  const summary = [
    "# Lighthouse",
    "",
    `Lighthouse ${lighthouseVersion}, ${configSettings.formFactor}, throttling ${configSettings.throttlingMethod}; ${runs === 1 ? "one run per page" : `median of ${runs} runs per page`}. Written by \`npm run lighthouse\` (after \`npm run build\`); the full reports are beside this file (not committed).`,
    "",
    `Machine: ${cpus().length} cores, load average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end (timings are worse when it is above the core count).`,
    "",
    "| page | path | performance | accessibility | best practices | SEO | performance of each run | LCP | TBT | long script tasks | CLS | LCP element |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...lines,
    "",
  ].join("\n");
  await writeFile(join(REPORT_DIR, "summary.md"), summary);
  console.log(`Informes en ${REPORT_DIR}/`);
} finally {
  await stopAll();
}
