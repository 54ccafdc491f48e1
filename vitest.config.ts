import { defineConfig } from "vitest/config";

/** Files that replace a module (vi.mock) or read the environment as they load: each needs a fresh module graph. */
const NEEDS_OWN_MODULES = ["tests/api/accounts-credentials.test.ts"];

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time: Vitest's default on a 2-core machine is one (cores - 1), and most of a
    // file's time is waiting on its database, not the CPU (118 s one at a time, 88 s two at a time).
    maxWorkers: 2,
    // One PostgreSQL cluster for the run; each file that needs one makes its own database in it.
    globalSetup: ["tests/support/global-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          // The API's tests build a new app per file, so they share one loaded copy of its modules per
          // worker: loading them again for each file was 136 s of a 390 s run (issue 30; no-isolation
          // decision in docs/decisions/0031). Whatever a file changes globally it restores.
          name: "api",
          include: ["tests/api/**/*.test.ts", "tests/api/**/*.test.tsx", "tests/security/**/*.test.ts"],
          exclude: NEEDS_OWN_MODULES,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "aisladas",
          include: [
            "tests/unit/**/*.test.ts",
            // Pages drawn by React in jsdom, with createRemixStub.
            "tests/web/**/*.test.tsx",
            ...NEEDS_OWN_MODULES,
          ],
        },
      },
    ],
  },
});
