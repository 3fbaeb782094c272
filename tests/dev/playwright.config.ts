import { resolve } from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../support/browsers";
import { freePort } from "../support/free-port";

// `npm run dev` (astro dev) in Debian's Chromium: one quick spec (dev-server.spec.ts) against the
// dev server, which Playwright starts on a free loopback port and stops afterwards. A config of
// its own, because the main one starts the production server, which needs a build.
process.env.DEV_PORT ??= String(await freePort());
const port = process.env.DEV_PORT;

export default defineConfig({
  workers: 1,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "../../reports/e2e-dev.json" }]],
  projects: [{ name: "dev-server" }],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  webServer: {
    // Astro takes the next port if this one is taken: the url check then fails, rather than the
    // tests running against some other server.
    command: `npm run dev -- --host 127.0.0.1 --port ${port}`,
    cwd: resolve(import.meta.dirname, "../.."),
    url: `http://127.0.0.1:${port}/`,
    timeout: 60_000,
    // No bot-check site key, as on a fresh clone: the form loads nothing from Google.
    env: { VITE_RECAPTCHA_SITE_KEY: "" },
  },
});
