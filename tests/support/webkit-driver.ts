import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { Builder, By, Key, type WebElement } from "selenium-webdriver";
import { webkitDriverPath } from "./browsers";
import {
  type Engine,
  type EngineDriver,
  FIND_IN_PAGE,
  pageErrorRecorder,
  READ_PAGE_ERRORS,
  type Target,
} from "./engine-driver";
import { freePort } from "./free-port";
import { waitFor } from "./wait-for";

const host = resolve(import.meta.dirname, "webkit-host.py");

/**
 * WebKitGTK through its WebDriver (WebKitWebDriver, WebDriver classic), spoken by
 * selenium-webdriver. The driver runs on a virtual display (xvfb-run) and starts webkit-host.py
 * as the browser, one per session. xvfb-run does not pass a SIGTERM on, so it runs in its own
 * process group, which closing stops whole: display, driver and browsers. (Selenium's
 * DriverService would stop xvfb-run alone.)
 */
export async function launchWebKit({ proxyUrl }: { proxyUrl: string }): Promise<Engine> {
  const port = await freePort();
  const child = spawn("xvfb-run", ["-a", webkitDriverPath, `--port=${port}`], {
    detached: true,
    stdio: "ignore",
  });
  const stop = () => {
    try {
      if (child.exitCode === null) process.kill(-(child.pid as number), "SIGTERM");
    } catch {
      // Gone between the check and the signal.
    }
  };
  const server = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      "WebKitWebDriver",
      async () => {
        if (child.exitCode !== null) throw new Error(`xvfb-run exited (${child.exitCode})`);
        return fetch(`${server}/status`).then(
          (response) => response.ok || undefined,
          () => undefined,
        );
      },
      { timeoutMs: 20_000 },
    );
  } catch (error) {
    stop();
    throw error;
  }

  return {
    name: "webkit",
    async open(viewport, options = {}) {
      const args = ["--automation", `--user-script=${pageErrorRecorder}`, `--proxy=${proxyUrl}`];
      if (options.withoutPopover) args.push("--disable-feature=PopoverAttribute");
      const session = await new Builder()
        .usingServer(server)
        // The name webkit-host.py gives itself, which the driver matches.
        .withCapabilities({
          browserName: "webkit-host",
          "webkitgtk:browserOptions": { binary: host, args },
        })
        .build();
      // Without a window manager the window is exactly the page's viewport.
      await session.manage().window().setRect(viewport);

      /** The target once the page has it. */
      const find = (target: Target) =>
        session.wait(
          () =>
            session.executeScript<WebElement | null>(
              `${FIND_IN_PAGE} return find(arguments[0]);`,
              target,
            ),
          10_000,
          `no ${JSON.stringify(target)} in the page`,
          100,
        ) as Promise<WebElement>;
      async function click(element: WebElement) {
        // Clicked once the frame after the scroll is drawn: a block that comes into view there
        // takes its real height (content-visibility), which may move the target.
        await session.executeScript(
          `arguments[0].scrollIntoView({ block: "center" });
          return new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));`,
          element,
        );
        await element.click();
      }

      const driver: EngineDriver = {
        goto: (url) => session.get(url),
        // WebDriver waits for a returned promise to settle.
        evaluate: (body) => session.executeScript(`return (async () => {${body}})()`),
        click: async (target) => click(await find(target)),
        async type(target, text) {
          const field = await find(target);
          await click(field);
          await field.sendKeys(text);
        },
        choose: async (target, value) =>
          click(await (await find(target)).findElement(By.css(`option[value="${value}"]`))),
        pressEscape: () => session.actions().sendKeys(Key.ESCAPE).perform(),
        pageErrors: () => session.executeScript(READ_PAGE_ERRORS),
        close: () => session.quit(),
      };
      return driver;
    },
    async close() {
      stop();
    },
  };
}
