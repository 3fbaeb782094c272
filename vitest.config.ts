/// <reference types="vitest/config" />
import { globSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { getViteConfig } from "astro/config";

const testFiles = ["{app,server,contract,scripts,tests/support}/**/*.test.{ts,tsx}"];
// The files that open a PostgreSQL database (tests/support/test-database.ts, directly or through
// store-kinds.ts) run in a project of their own, the one project that starts the run's
// PostgreSQL server: Vitest calls a project's global setup only when a file of it is queued, so
// a run of other files starts none.
const needsPostgres = globSync(testFiles).filter((file) =>
  /support\/(test-database|store-kinds)"/.test(readFileSync(file, "utf8")),
);

// Astro's Vite settings (CSS modules, the public settings in astro:env), for Vitest.
export default getViteConfig({
  test: {
    environment: "node",
    // Tests leave CSS out, but the colour tokens are read as text (app/styles/colour-tokens.ts).
    css: { include: [/tokens\.css\?raw$/] },
    setupFiles: ["./tests/support/setup-unit.ts"],
    testTimeout: 20_000,
    // A file per core. Vitest's default leaves a core to its main process, which only reports:
    // on CI's two cores that ran the files one at a time, with the second core idle.
    maxWorkers: availableParallelism(),
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: "unit", include: testFiles, exclude: needsPostgres } },
      {
        extends: true,
        test: {
          name: "postgres",
          include: needsPostgres,
          globalSetup: ["./tests/support/postgres-global-setup.ts"],
        },
      },
    ],
  },
});
