import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["{lib,server,components,app,scripts}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    pool: "forks",
    // One PostgreSQL server for the run, started when a test first asks (server/test-support/test-database.ts).
    globalSetup: ["server/test-support/postgres-global-setup.ts"],
  },
});
