import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { expect } from "@playwright/test";
import { Builder, Key, type WebElement } from "selenium-webdriver";
import { webkitDriverPath } from "./browsers";
import { type Engine, pageErrorRecorder, visitorDriver } from "./engine-driver";
import { freePort } from "./free-port";

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
    await expect(async () => {
      if (child.exitCode !== null) throw new Error(`xvfb-run exited (${child.exitCode})`);
      expect((await fetch(`${server}/status`)).ok, "WebKitWebDriver").toBe(true);
    }).toPass({ timeout: 20_000, intervals: [50] });
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
      // WebDriver waits for a returned promise to settle.
      const run = <T>(body: string) => session.executeScript<T>(`return (async () => {${body}})()`);

      return visitorDriver<WebElement>({
        goto: (url) => session.get(url),
        evaluate: run,
        element: (body) => run<WebElement | null>(body),
        click: (element) => element.click(),
        keys: (element, text) => element.sendKeys(text),
        pressEscape: () => session.actions().sendKeys(Key.ESCAPE).perform(),
        pressTab: () => session.actions().sendKeys(Key.TAB).perform(),
        close: () => session.quit(),
      });
    },
    close: async () => stop(),
  };
}
