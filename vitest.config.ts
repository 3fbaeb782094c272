/// <reference types="vitest/config" />
import { getViteConfig } from "astro/config";

// Astro's Vite settings (CSS modules, the public settings in astro:env), for Vitest.
export default getViteConfig({
  test: {
    include: ["{app,server,contract,scripts,tests/support}/**/*.test.{ts,tsx}"],
    environment: "node",
    // Tests leave CSS out, but the colour tokens are read as text (app/styles/colour-tokens.ts).
    css: { include: [/tokens\.css\?raw$/] },
    setupFiles: ["./tests/support/setup-unit.ts"],
    globalSetup: ["./tests/support/postgres-global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
