import { test as base } from "@playwright/test";
import type { Engine, EngineDriver, OpenOptions } from "../support/engine-driver";
import {
  type EnquiryPeers,
  standInBotCheckScript,
  startEnquiryPeers,
} from "../support/enquiry-peers";
import { launchFirefox } from "../support/firefox-driver";
import { startOutsideWorld } from "../support/outside-world";
import { launchWebKit } from "../support/webkit-driver";

// The engine smoke suite runs once per engine (a Playwright project each, playwright.config.ts):
// one browser per worker, a fresh session per test at the test's viewport.

export const test = base.extend<
  { openOptions: OpenOptions; driver: EngineDriver },
  { engineName: Engine["name"]; engine: Engine; peers: EnquiryPeers }
>({
  engineName: ["firefox", { scope: "worker", option: true }],
  openOptions: [{}, { option: true }],
  // The enquiry's whole path (our server over the build, bot-check verifier, SMTP peer), started
  // only for the tests that send one.
  peers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from its first parameter.
    async ({}, use) => {
      const peers = await startEnquiryPeers();
      await use(peers);
      await peers.close();
    },
    { scope: "worker" },
  ],
  engine: [
    async ({ engineName }, use) => {
      const world = await startOutsideWorld({
        [standInBotCheckScript.url]: standInBotCheckScript.source,
      });
      const engine =
        engineName === "firefox"
          ? await launchFirefox({ proxyPort: world.port })
          : await launchWebKit({ proxyUrl: world.proxyUrl });
      await use(engine);
      await engine.close();
      await world.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  driver: async ({ engine, viewport, openOptions }, use) => {
    if (!viewport) throw new Error("the engine suite needs a viewport");
    const driver = await engine.open(viewport, openOptions);
    await use(driver);
    await driver.close();
  },
});

export { expect } from "@playwright/test";
