import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: [
      "tests/api/**/*.test.ts",
      "tests/unit/**/*.test.ts",
      "tests/security/**/*.test.ts",
      // Pages drawn by React in jsdom, with createRemixStub.
      "tests/web/**/*.test.tsx",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time: Vitest's default on a 2-core machine is one (cores - 1), and most of a
    // file's time is waiting on its database, not the CPU (118 s one at a time, 88 s two at a time).
    maxWorkers: 2,
    // One PostgreSQL cluster for the run; each file that needs one makes its own database in it.
    globalSetup: ["tests/support/postgres-global-setup.ts"],
  },
});
