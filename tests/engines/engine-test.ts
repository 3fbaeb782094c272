import { test as base } from "@playwright/test";
import type { Engine, EngineDriver, OpenOptions } from "../support/engine-driver";
import {
  type EnquiryPeers,
  standInBotCheckScript,
  startEnquiryPeers,
} from "../support/enquiry-peers";
import { launchFirefox } from "../support/firefox-driver";
import { type OutsideWorld, startOutsideWorld } from "../support/outside-world";
import { launchWebKit } from "../support/webkit-driver";

// The engine smoke suite runs once per engine (a Playwright project each, playwright.config.ts):
// one browser per worker, a fresh session per test at the test's viewport.

type EngineName = Engine["name"];

export const test = base.extend<
  { openOptions: OpenOptions; driver: EngineDriver },
  { engineName: EngineName; outsideWorld: OutsideWorld; engine: Engine; peers: EnquiryPeers }
>({
  engineName: ["firefox", { scope: "worker", option: true }],
  openOptions: [{}, { option: true }],
  outsideWorld: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from its first parameter.
    async ({}, use) => {
      const world = await startOutsideWorld({
        [standInBotCheckScript.url]: standInBotCheckScript.source,
      });
      await use(world);
      await world.close();
    },
    { scope: "worker" },
  ],
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
    async ({ engineName, outsideWorld }, use) => {
      const engine =
        engineName === "firefox"
          ? await launchFirefox({ proxyPort: outsideWorld.port })
          : await launchWebKit({ proxyUrl: outsideWorld.proxyUrl });
      await use(engine);
      await engine.close();
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
