import { defineConfig } from "vitest/config";
import { siteRootOf } from "./contract/site-build.ts";
import routerConfig from "./react-router.config.ts";
import { sitePlugins } from "./scripts/site-plugins.ts";

export default defineConfig({
  plugins: sitePlugins({ clientDir: siteRootOf(routerConfig.buildDirectory) }),
  css: {
    transformer: "lightningcss",
    lightningcss: { drafts: { customMedia: true } },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "contract/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/support/**/*.test.ts",
    ],
    environment: "node",
    // Tests leave CSS out, but the colour tokens are read as text (app/styles/colour-tokens.ts).
    css: { include: [/tokens\.css\?raw$/] },
    setupFiles: ["./tests/support/setup-unit.ts"],
    globalSetup: ["./tests/support/postgres-global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
