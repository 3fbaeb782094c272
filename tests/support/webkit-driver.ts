import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { webkitDriverPath } from "./browsers";
import {
  type Engine,
  type EngineDriver,
  pageErrorRecorder,
  READ_PAGE_ERRORS,
} from "./engine-driver";
import { freePort } from "./free-port";

const host = resolve(import.meta.dirname, "webkit-host.py");
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
const ESCAPE = "\uE00C";

type WebDriverValue = { value: unknown };

/**
 * WebKitGTK through its WebDriver (WebKitWebDriver, WebDriver classic), spoken over plain HTTP:
 * the one client that could do it for us, selenium-webdriver, needs Node 22. The driver runs on
 * a virtual display (xvfb-run) and starts webkit-host.py as the browser, one per session.
 */
export async function launchWebKit({ proxyUrl }: { proxyUrl: string }): Promise<Engine> {
  const port = await freePort();
  // Its own process group, so that closing stops xvfb-run, the display, the driver and browsers.
  const child = spawn("xvfb-run", ["-a", webkitDriverPath, `--port=${port}`], {
    detached: true,
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForDriver(base, child);
  } catch (error) {
    stop(child);
    throw error;
  }

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const { value } = (await response.json()) as WebDriverValue;
    if (!response.ok) {
      const { error, message } = value as { error: string; message: string };
      throw new Error(`WebKitWebDriver ${method} ${path}: ${error}: ${message}`);
    }
    return value;
  }

  return {
    name: "webkit",
    async open(viewport, options = {}) {
      const args = ["--automation", `--user-script=${pageErrorRecorder}`, `--proxy=${proxyUrl}`];
      if (options.withoutPopover) args.push("--disable-feature=PopoverAttribute");
      const created = (await call("POST", "/session", {
        capabilities: { alwaysMatch: { "webkitgtk:browserOptions": { binary: host, args } } },
      })) as { sessionId: string };
      const session = `/session/${created.sessionId}`;
      // Without a window manager the window is exactly the page's viewport.
      await call("POST", `${session}/window/rect`, viewport);

      const run = (body: string, args: unknown[] = []) =>
        call("POST", `${session}/execute/sync`, { script: body, args });
      // An async body's promise, settled before WebDriver answers.
      const runAsync = async (body: string) => {
        const settled = (await call("POST", `${session}/execute/async`, {
          script: `const done = arguments[arguments.length - 1];
            (async () => {${body}})().then((value) => done({ value }), (error) => done({ error: String(error) }));`,
          args: [],
        })) as { value?: unknown; error?: string };
        if (settled.error !== undefined) throw new Error(settled.error);
        return settled.value;
      };
      async function find(selector: string) {
        const found = (await call("POST", `${session}/element`, {
          using: "css selector",
          value: selector,
        })) as Record<string, string>;
        return found[ELEMENT] as string;
      }
      async function clickElement(id: string) {
        await run(`arguments[0].scrollIntoView({ block: "center" })`, [{ [ELEMENT]: id }]);
        await call("POST", `${session}/element/${id}/click`, {});
      }

      const driver: EngineDriver = {
        async goto(url) {
          await call("POST", `${session}/url`, { url });
        },
        url: async () => (await call("GET", `${session}/url`)) as string,
        evaluate: async <T>(body: string) => (await runAsync(body)) as T,
        async click(selector) {
          await clickElement(await find(selector));
        },
        async type(selector, text) {
          const id = await find(selector);
          await clickElement(id);
          await call("POST", `${session}/element/${id}/value`, { text });
        },
        async choose(selector, value) {
          await clickElement(await find(`${selector} option[value="${value}"]`));
        },
        async pressEscape() {
          const keys = [
            { type: "keyDown", value: ESCAPE },
            { type: "keyUp", value: ESCAPE },
          ];
          await call("POST", `${session}/actions`, {
            actions: [{ type: "key", id: "keyboard", actions: keys }],
          });
          await call("DELETE", `${session}/actions`);
        },
        pageErrors: async () => (await run(READ_PAGE_ERRORS)) as string[],
        async close() {
          await call("DELETE", session);
        },
      };
      return driver;
    },
    async close() {
      stop(child);
    },
  };
}

async function waitForDriver(base: string, child: ChildProcess, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`xvfb-run exited (${child.exitCode})`);
    try {
      const response = await fetch(`${base}/status`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`WebKitWebDriver did not answer within ${timeoutMs} ms`);
}

function stop(child: ChildProcess) {
  if (child.pid !== undefined && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}
