import { readFileSync } from "node:fs";
import puppeteer, { type ElementHandle } from "puppeteer-core";
import { firefoxPath } from "./browsers";
import { type Engine, pageErrorRecorder, visitorDriver } from "./engine-driver";

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
  const recorder = readFileSync(pageErrorRecorder, "utf8");

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
      const run = (body: string) => `(async () => {${body}})()`;

      return visitorDriver<ElementHandle<Element>>({
        goto: async (url) => void (await page.goto(url)),
        evaluate: <T>(body: string) => page.evaluate(run(body)) as Promise<T>,
        element: async (body) =>
          (await page.evaluateHandle(run(body))).asElement() as ElementHandle<Element> | null,
        click: (element) => element.click(),
        keys: (_element, text) => page.keyboard.type(text),
        pressEscape: () => page.keyboard.press("Escape"),
        pressTab: () => page.keyboard.press("Tab"),
        reported,
        close: () => context.close(),
      });
    },
    close: () => browser.close(),
  };
}
