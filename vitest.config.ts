import { defineConfig } from "vitest/config";
import { contentFiles } from "./scripts/content-plugin.ts";
import { webFont } from "./scripts/font-plugin.ts";
import { island } from "./scripts/island-plugin.ts";
import { publicSettings } from "./scripts/public-settings-plugin.ts";

export default defineConfig({
  plugins: [contentFiles(), publicSettings(), webFont(), island({ clientDir: "" })],
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
