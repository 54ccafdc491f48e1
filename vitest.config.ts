import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/api/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // As in Playwright: a test that fails once and then passes is reported, not fatal to the run.
    retry: 1,
    pool: "forks",
  },
});
