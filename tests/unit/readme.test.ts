import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The Markdown links of a file that point inside the repository, resolved from the file's folder. */
function localLinks(file: string): string[] {
  const targets = [...read(file).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
  return targets
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith("#"))
    .map((target) => path.join(path.dirname(file), target.split("#")[0]!));
}

/**
 * README.md is what a newcomer reads first (issue 29): short enough to read whole, and it says where
 * each kind of change goes. What it used to hold about every call is in the API reference (/docs)
 * and docs/.
 */
describe("README", () => {
  const readme = read("README.md");

  it("tiene como mucho 200 líneas", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(200);
  });

  it("empieza por las dos órdenes y dice dónde va cada cambio", () => {
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toContain("npm test");
    expect(readme).toMatch(/^## Where a change goes$/m);
    const section = readme.split(/^## Where a change goes$/m)[1]!.split(/^## /m)[0]!;
    for (const change of ["A new API call.", "A new rule or message.", "A new screen.", "A new migration."])
      expect(section).toContain(`**${change}**`);
  });

  it("cada enlace del README y de docs/ lleva a un archivo que existe", () => {
    const docs = ["docs", "docs/api"].flatMap((folder) =>
      readdirSync(path.join(root, folder))
        .filter((name) => name.endsWith(".md"))
        .map((name) => `${folder}/${name}`),
    );
    const links = ["README.md", ...docs].flatMap(localLinks);
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((target) => !existsSync(path.join(root, target)))).toEqual([]);
  });
});

/** A decision says when it was taken and whether it still holds (issue 29). */
describe("decisiones", () => {
  const decisions = readdirSync(path.join(root, "docs/decisions")).filter((name) => name.endsWith(".md"));

  it("cada una lleva su fecha y su estado bajo el título", () => {
    expect(decisions.length).toBeGreaterThan(20);
    const missing = decisions.filter((name) => {
      const [title, , stamp] = read(`docs/decisions/${name}`).split("\n");
      return (
        !title?.startsWith("# ") || !/^Date: \d{4}-\d{2}-\d{2} · Status: (accepted|superseded by .+)/.test(stamp ?? "")
      );
    });
    expect(missing).toEqual([]);
  });
});
