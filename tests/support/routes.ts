import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@remix-run/route-config";
import routes from "../../app/routes";

/** One route of app/routes.ts, with the whole path a browser asks for. */
export interface StoreRoute {
  /** The path as written in the config, from the root: "/dashboard/seller/edit-product/:productId". */
  pattern: string;
  /** The route module, from app/. */
  file: string;
  /** A layout draws its children's pages; it has no page of its own. */
  layout: boolean;
  /** The module answers POSTs (it exports an `action`). */
  hasAction: boolean;
  /** The module draws a page (a .tsx module); a .ts one answers a file, data or a redirect. */
  screen: boolean;
}

const appDir = path.resolve(import.meta.dirname, "../../app");

function join(parent: string, child: string | undefined): string {
  if (!child) return parent;
  return parent === "/" ? `/${child}` : `${parent}/${child}`;
}

function flatten(entries: RouteConfigEntry[], parent: string): StoreRoute[] {
  return entries.flatMap((entry) => {
    const pattern = join(parent, entry.path);
    const source = readFileSync(path.join(appDir, entry.file), "utf8");
    const own: StoreRoute = {
      pattern,
      file: entry.file,
      layout: (entry.children?.length ?? 0) > 0,
      hasAction: /^export (async )?function action\b/m.test(source),
      screen: entry.file.endsWith(".tsx"),
    };
    return [own, ...flatten(entry.children ?? [], pattern)];
  });
}

/**
 * Every route of the store, read from app/routes.ts itself, so a screen added there is in the
 * tests that go through all of them (the page sweep, the role gates) the day it exists.
 */
export const storeRoutes: StoreRoute[] = flatten(routes, "/");

/** The routes that answer a page or a file (not the layouts, whose pages are their children's). */
export const answeringRoutes: StoreRoute[] = storeRoutes.filter((route) => !route.layout);

/** `pattern` with each `:param` (and optional `:param?`) replaced by `params[param]`; an absent optional one is left out. */
export function fillPattern(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/\/:(\w+)(\?)?/g, (_, name: string, optional: string | undefined) => {
    const value = params[name];
    if (value !== undefined) return `/${encodeURIComponent(value)}`;
    if (optional) return "";
    throw new Error(`${pattern}: falta el valor de :${name}`);
  });
}
