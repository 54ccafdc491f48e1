import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP = path.join(ROOT, "app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The app's own modules a file imports for their values (a type import loads nothing). */
function valueImports(file: string, files: Set<string>): string[] {
  const source = readFileSync(file, "utf8");
  const targets: string[] = [];
  for (const [, specifier] of source.matchAll(/^import (?!type\b)[^;]*?from "([^"]+)";/gms)) {
    const base = specifier.startsWith("~/")
      ? path.join(APP, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : null;
    if (!base) continue;
    const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((candidate) =>
      files.has(candidate),
    );
    if (target) targets.push(target);
  }
  return targets;
}

describe("las capas de la web", () => {
  it("ningún módulo de app/ se importa a sí mismo a través de otros", () => {
    const files = new Set(sourceFiles(APP));
    const graph = new Map([...files].map((file) => [file, valueImports(file, files)]));
    const cycles: string[] = [];
    const done = new Set<string>();
    const stack: string[] = [];
    const visit = (file: string) => {
      const at = stack.indexOf(file);
      if (at >= 0) {
        cycles.push([...stack.slice(at), file].map((name) => path.relative(ROOT, name)).join(" → "));
        return;
      }
      if (done.has(file)) return;
      done.add(file);
      stack.push(file);
      for (const next of graph.get(file) ?? []) visit(next);
      stack.pop();
    };
    for (const file of files) visit(file);
    expect(cycles).toEqual([]);
  });
});
