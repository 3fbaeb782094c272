import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/support/browsers";
import { clientBuildDir } from "./tests/support/client-build";
import type { Engine } from "./tests/support/engine-driver";
import { freePort } from "./tests/support/free-port";

// Browser tests run the production build (npm run build) in Debian's Chromium, served by our
// own server on a free loopback port. The port and store are chosen once, in the main process;
// workers inherit them through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "e2e-store-"));
const port = process.env.E2E_PORT;
type EngineName = Engine["name"];

export default defineConfig<object, { engineName: EngineName }>({
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A test's budget, not a measure: a whole path (a send, then the dashboard) must finish on a
  // busy two-core machine running four workers; each wait inside it waits for an event.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  projects: [
    { name: "chromium", testDir: "tests/e2e" },
    // The engine smoke suite (tests/engines): Debian's Firefox ESR and WebKitGTK, through the
    // drivers in tests/support. Only WebKit can switch the Popover API off.
    {
      name: "firefox",
      testDir: "tests/engines",
      testIgnore: /without-popover/,
      use: { engineName: "firefox" },
    },
    { name: "webkit", testDir: "tests/engines", use: { engineName: "webkit" } },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
    trace: "off",
  },
  webServer: {
    command: "node --import tsx server/main.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      HOST: "127.0.0.1",
      PORT: port,
      SITE_ROOT: clientBuildDir,
      DATABASE_URL: `file:${join(process.env.E2E_DATA_DIR, "enquiries.db")}`,
      LOG_LEVEL: "warn",
    },
  },
});
