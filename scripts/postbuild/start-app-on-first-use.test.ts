import { describe, expect, it } from "vitest";
import { startAppAfterLoad } from "./start-app-after-load.mjs";

// The shape React Router 7.18 prerenders for a page that renders <Scripts />.
const page = [
  '<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/react-dom-3.js"/>',
  '<link rel="stylesheet" href="/assets/root-4.css"/></head><body><form></form>',
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-5.js";',
  'import * as route1 from "/assets/contact-6.js";',
  "  ",
  '  window.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};',
  "",
  'import("/assets/entry.client-2.js");</script></body></html>',
].join("\n");

describe("startAppAfterLoad", () => {
  const result = startAppAfterLoad(page);

  it("removes the module preloads and the eager module script", () => {
    expect(result).not.toContain('<link rel="modulepreload"');
    expect(result).not.toMatch(/^import /m);
    expect(result).toContain('<link rel="stylesheet" href="/assets/root-4.css"/>');
    expect(result).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("starts the same modules, in the same order, once the page has loaded", async () => {
    const script = result.match(/<script type="module">([\s\S]*?)<\/script>/)?.[1] ?? "";
    const imported: string[] = [];
    const preloaded: string[] = [];
    const listeners: Record<string, () => void> = {};
    const window = {} as { __reactRouterRouteModules?: Record<string, unknown> };
    const document = {
      readyState: "interactive",
      createElement: () => ({}),
      querySelectorAll: () => [],
      head: { append: (link: { href: string }) => preloaded.push(link.href) },
    };
    const addEventListener = (type: string, listener: () => void) => {
      listeners[type] = listener;
    };
    const load = async (href: string) => {
      imported.push(href);
      return { href };
    };
    // The rewritten bootstrap, run with stand-ins for the browser's globals and import().
    const run = new Function(
      "window",
      "document",
      "addEventListener",
      "load",
      "console",
      script.replaceAll("import(", "load("),
    );
    run(window, document, addEventListener, load, console);
    expect(imported).toEqual([]);

    listeners.load?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloaded).toEqual([
      "/assets/manifest-1.js",
      "/assets/entry.client-2.js",
      "/assets/react-dom-3.js",
    ]);
    expect(imported).toEqual([
      "/assets/manifest-1.js",
      "/assets/root-5.js",
      "/assets/contact-6.js",
      "/assets/entry.client-2.js",
    ]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { href: "/assets/root-5.js" },
      "routes/contact": { href: "/assets/contact-6.js" },
    });
  });

  it("leaves a page without the app alone", () => {
    const content = "<html><body><p>Words</p></body></html>";
    expect(startAppAfterLoad(content)).toBe(content);
  });

  it("fails the build if React Router's bootstrap changes shape", () => {
    const changed = page.replace('import("/assets/entry.client-2.js");', "boot();");
    expect(() => startAppAfterLoad(changed)).toThrow(/new shape/);
  });
});
