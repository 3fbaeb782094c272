import puppeteer, { type ElementHandle } from "puppeteer-core";
import { firefoxPath } from "./browsers";
import {
  type Engine,
  type EngineDriver,
  FIND_IN_PAGE,
  pageErrorRecorderSource,
  READ_PAGE_ERRORS,
  type Target,
} from "./engine-driver";

/**
 * Debian's Firefox ESR over WebDriver BiDi (puppeteer-core: no downloaded browser, no
 * geckodriver). Every request off loopback goes to `proxyPort` (tests/support/outside-world.ts),
 * whose certificate Firefox is told to accept.
 */
export async function launchFirefox({ proxyPort }: { proxyPort: number }): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: firefoxPath,
    headless: true,
    acceptInsecureCerts: true,
    extraPrefsFirefox: {
      "network.proxy.type": 1,
      "network.proxy.http": "127.0.0.1",
      "network.proxy.http_port": proxyPort,
      "network.proxy.ssl": "127.0.0.1",
      "network.proxy.ssl_port": proxyPort,
      // Loopback (our server) stays direct.
      "network.proxy.allow_hijacking_localhost": false,
    },
  });
  const recorder = pageErrorRecorderSource();

  return {
    name: "firefox",
    async open(viewport, options = {}) {
      if (options.withoutPopover) {
        throw new Error("Firefox cannot switch its Popover API off: use WebKit");
      }
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(viewport);
      await page.evaluateOnNewDocument(recorder);
      const reported: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") reported.push(`console: ${message.text()}`);
      });
      page.on("pageerror", (error) => reported.push(`uncaught: ${String(error)}`));

      /** The target once the page has it. */
      const element = async (target: Target) =>
        (
          await page.waitForFunction(
            `(() => { ${FIND_IN_PAGE} return find(${JSON.stringify(target)}); })()`,
            { timeout: 10_000, polling: 100 },
          )
        ).asElement() as ElementHandle<Element>;

      const driver: EngineDriver = {
        async goto(url) {
          await page.goto(url);
        },
        evaluate: async <T>(body: string) =>
          (await page.evaluate(`(async () => {${body}})()`)) as T,
        async click(target) {
          await (await element(target)).click();
        },
        async type(target, text) {
          await (await element(target)).click();
          await page.keyboard.type(text);
        },
        async choose(target, value) {
          await (await element(target)).select(value);
        },
        async pressEscape() {
          await page.keyboard.press("Escape");
        },
        async pageErrors() {
          return [...reported, ...(await driver.evaluate<string[]>(READ_PAGE_ERRORS))];
        },
        close: () => context.close(),
      };
      return driver;
    },
    close: () => browser.close(),
  };
}
