// ESLint runs in `npm test` (scripts/test.sh). Beside the usual checks it keeps the boundaries of
// issue 8: web and API share only contract/, and browser components never import server modules.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { readdirSync, readFileSync } from "node:fs";
/* global URL -- Node's own global; this file is linted without the Node environment */

const apiSource = {
  group: ["**/api/src/**", "**/api/src"],
  message: "The web reaches the API only through contract/ (#contract/...).",
};
/**
 * The contract modules that load zod when imported for their values: those that import it, and those
 * that import such a module (type imports aside). Read from contract/ when ESLint starts, so a new
 * module is covered the day it exists; pages take their words from the zod-free `*-labels.ts`.
 */
function contractModulesWithZod() {
  const runtimeImports = new Map();
  for (const file of readdirSync(new URL("./contract/", import.meta.url))) {
    if (!file.endsWith(".ts")) continue;
    const source = readFileSync(new URL(`./contract/${file}`, import.meta.url), "utf8");
    const imported = [...source.matchAll(/^import (?!type )[^;]*? from "([^"]+)";/gms)].map((match) => match[1]);
    runtimeImports.set(file.slice(0, -3), imported);
  }
  const withZod = new Set();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, imported] of runtimeImports) {
      if (withZod.has(name)) continue;
      if (imported.some((from) => from === "zod" || withZod.has(from.replace(/^\.\//, "")))) {
        withZod.add(name);
        grew = true;
      }
    }
  }
  return [...withZod].sort();
}

const browserOnlyPatterns = [
  {
    group: ["zod", "@conform-to/zod", "**/*.schema", "**/*-schema", "**/*-schemas"],
    allowTypeImports: true,
    message:
      "Browser code loads zod and form schemas only when the form is used (useSchemaForm's load); parse in *.server.ts.",
  },
];
/**
 * For code that renders in the browser and is no route module (a route's loader and action are
 * dropped from its browser build, and what only they import with them; budget.spec.ts weighs those).
 */
const contractWithZod = {
  // A leading "#" would make a gitignore-style pattern a comment: escaped.
  group: contractModulesWithZod().map((name) => `\\#contract/${name}`),
  allowTypeImports: true,
  message:
    "This contract module loads zod: components import its types only, and its words from a zod-free *-labels.ts module.",
};
const webSource = { group: ["~/*", "**/app/**"], message: "The API never imports the web." };

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/",
      "api/drizzle/",
      "bench/results/",
      "data/",
      "test-results/",
      "playwright-report/",
      ".cache/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // `interface X extends Y {}` is how a declared module interface (Remix's load context) is widened.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    files: ["app/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [apiSource] }] },
  },
  {
    files: ["app/components/**", "app/browser/**", "app/entry.client.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            apiSource,
            {
              group: ["**/*.server", "**/*.server.*"],
              // The shape of what a loader gives is a type; the module that makes it stays on the server.
              allowTypeImports: true,
              message: "Components render what loaders give them; server modules stay on the server.",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 29: zod and the form schemas reach a page only when its form is first used
    // (useSchemaForm loads them): code that runs in the browser may import them as types alone.
    // Server modules and the loaders' and actions' helpers (*.server.ts) parse with them.
    files: ["app/**"],
    ignores: [
      "app/**/*.server.ts",
      "app/**/*.server.tsx",
      "app/entry.server.tsx",
      // The schemas themselves, and the validator useSchemaForm loads with them.
      "app/**/*.schema.ts",
      "app/**/*-schema.ts",
      "app/**/*-schemas.ts",
      "app/forms/zod-validation.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [apiSource, ...browserOnlyPatterns],
        },
      ],
    },
  },
  {
    files: ["app/components/**", "app/browser/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [apiSource, ...browserOnlyPatterns, contractWithZod] },
      ],
    },
  },
  {
    // Services are the server's layer under the pages: they never reach up into what renders.
    files: ["app/services/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            apiSource,
            {
              group: ["~/components/*", "**/app/components/**", "~/routes/*/*.tsx", "~/routes/*.tsx"],
              message:
                "Services never import components or route modules: move what both need beside the route or to app/forms.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["contract/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/*", "../*", "**/app/**", "**/api/**", "#contract/*"],
              message: "contract/ imports only its own files (./x) and libraries.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/e2e/**/*.spec.ts", "tests/cluster/**/*.spec.ts", "tests/startup/**/*.spec.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message: "Import test from tests/e2e/fixtures.ts: it fails a journey whose page does not hydrate.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["api/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [webSource] }] },
  },
);
