import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * What each page of the built store loads in the browser, read from the build instead of a browser:
 * Remix's manifest (the scripts `<Scripts>` names for a page: the entry, and each matched route's
 * module with its imports) and Vite's (the lazy chunks, which Remix's leaves out). Sizes are gzipped
 * as the server sends them.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLIENT_DIR = path.join(ROOT, "build/client");
/** The notification bell: loaded on every signed-in page once its scripts run (app/components/layout/Header.tsx). */
const BELL_SOURCE = "app/components/layout/NotificationBell.tsx";

interface RemixManifest {
  url: string;
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
}

interface ViteChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

interface ServerRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { default?: unknown; handle?: { scripts?: boolean } };
}

export interface PageWeight {
  /** The route's id, as in app/routes.ts. */
  id: string;
  /** Its URL pattern. */
  path: string;
  /** Whether only a signed-in user reaches it (it lies under the dashboard). */
  signedIn: boolean;
  /** The route says its page needs no script (`handle = NO_SCRIPTS`). */
  noScripts: boolean;
  /** Gzipped bytes of what the page loads for a visitor. */
  bytes: number;
  /** The same plus the bell, as a signed-in user's browser loads it. */
  signedInBytes: number;
  /** The scripts the page's document names (none when it needs none). */
  scripts: string[];
  /** The same plus the bell's, as a signed-in user's browser loads them. */
  signedInScripts: string[];
}

const gzippedSizes = new Map<string, number>();
function gzippedSize(url: string): number {
  let size = gzippedSizes.get(url);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(CLIENT_DIR, url))).length;
    gzippedSizes.set(url, size);
  }
  return size;
}

/** The built file behind a script's URL. */
export function scriptBytes(url: string): Buffer {
  return readFileSync(path.join(CLIENT_DIR, url));
}

/** The built file behind a script's URL, as text. */
export function scriptText(url: string): string {
  return readFileSync(path.join(CLIENT_DIR, url), "utf8");
}

function total(urls: Iterable<string>): number {
  let bytes = 0;
  for (const url of new Set(urls)) bytes += gzippedSize(url);
  return bytes;
}

/** A lazy chunk and everything it loads, statically or lazily, as URLs. */
function lazyClosure(manifest: Record<string, ViteChunk>, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} no está en el manifiesto de Vite: ¿se ejecutó npm run build?`);
  const url = `/${chunk.file}`;
  if (into.has(url)) return into;
  into.add(url);
  for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) lazyClosure(manifest, next, into);
  return into;
}

function fullPath(route: ServerRoute, routes: Record<string, ServerRoute>): string {
  const parts: string[] = [];
  for (let at: ServerRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined)
    if (at.path) parts.unshift(at.path);
  return `/${parts.join("/")}`;
}

/** Every page route of the build (routes with a component; resource routes load nothing), weighed. */
export async function pageWeights(): Promise<PageWeight[]> {
  const serverBuild = (await import(path.join(ROOT, "build/server/index.js"))) as {
    routes: Record<string, ServerRoute>;
    assets: RemixManifest;
  };
  const viteManifest = JSON.parse(readFileSync(path.join(ROOT, "build/.vite/client-manifest.json"), "utf8")) as Record<
    string,
    ViteChunk
  >;
  const { routes, assets } = serverBuild;
  const bell = lazyClosure(viteManifest, BELL_SOURCE);
  const weights: PageWeight[] = [];
  for (const route of Object.values(routes)) {
    if (route.id === "root" || typeof route.module.default !== "function") continue;
    // A layout is weighed through the pages under it.
    if (Object.values(routes).some((other) => other.parentId === route.id)) continue;
    const chain: ServerRoute[] = [];
    for (let at: ServerRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined)
      chain.unshift(at);
    const noScripts = chain.some((at) => at.module.handle?.scripts === false);
    const urls = [assets.url, assets.entry.module, ...(assets.entry.imports ?? [])];
    for (const at of chain) urls.push(assets.routes[at.id].module, ...(assets.routes[at.id].imports ?? []));
    const bytes = noScripts ? 0 : total(urls);
    weights.push({
      id: route.id,
      path: fullPath(route, routes),
      signedIn: chain.some((at) => at.id === "routes/dashboard/layout"),
      noScripts,
      bytes,
      signedInBytes: noScripts ? 0 : total([...urls, ...bell]),
      scripts: noScripts ? [] : [...new Set(urls)],
      signedInScripts: noScripts ? [] : [...new Set([...urls, ...bell])],
    });
  }
  return weights.sort((a, b) => a.path.localeCompare(b.path));
}
