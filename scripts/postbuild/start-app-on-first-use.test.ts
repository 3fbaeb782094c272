import { describe, expect, it } from "vitest";
import { startAppOnFirstUse } from "./start-app-on-first-use.mjs";

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

type Listener = (event: { target: unknown }) => void;

/** Runs the rewritten bootstrap with stand-ins for the browser's globals and import(). */
function runBootstrap(
  html: string,
  { readyState = "interactive", fieldValue = "", focusInForm = false } = {},
) {
  const script = html.match(/<script type="module">([\s\S]*?)<\/script>/)?.[1] ?? "";
  const imported: string[] = [];
  const linked: string[] = [];
  const listeners = new Map<string, Listener>();
  const window = {} as { __reactRouterRouteModules?: Record<string, unknown> };
  const field = { value: fieldValue };
  const outside = {};
  const form = { contains: (node: unknown) => node === field || node === form };
  const document = {
    readyState,
    activeElement: focusInForm ? field : outside,
    querySelector: () => form,
    createElement: () => ({}),
    head: {
      append: (link: { rel: string; href: string }) => linked.push(`${link.rel} ${link.href}`),
    },
  };
  (form as Record<string, unknown>).querySelectorAll = () => [field];
  const addEventListener = (type: string, listener: Listener) => listeners.set(type, listener);
  const removeEventListener = (type: string) => listeners.delete(type);
  const load = async (href: string) => {
    imported.push(href);
    return { href };
  };
  const run = new Function(
    "window",
    "document",
    "addEventListener",
    "removeEventListener",
    "load",
    "console",
    script.replaceAll("import(", "load("),
  );
  run(window, document, addEventListener, removeEventListener, load, console);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const fire = async (type: string, target: unknown = field) => {
    listeners.get(type)?.({ target });
    await settle();
  };
  return { window, imported, linked, listeners, fire, field, outside, settle };
}

describe("startAppOnFirstUse", () => {
  const result = startAppOnFirstUse(page);

  it("removes the module preloads and the eager module script", () => {
    expect(result).not.toContain('<link rel="modulepreload"');
    expect(result).not.toMatch(/^import /m);
    expect(result).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("requests nothing of the app while the visitor only reads, even once the page has loaded", async () => {
    const browser = runBootstrap(result);
    await browser.fire("load");
    await browser.fire("pointerdown", browser.outside);
    await browser.fire("focusin", browser.outside);
    expect(browser.imported).toEqual([]);
    expect(browser.linked).toEqual([]);
  });

  for (const use of ["pointerdown", "focusin", "input"]) {
    it(`starts the same modules, in the same order, on the first ${use} in the form`, async () => {
      const browser = runBootstrap(result);
      await browser.fire(use);
      expect(browser.linked).toEqual([
        "stylesheet /assets/root-4.css",
        "modulepreload /assets/manifest-1.js",
        "modulepreload /assets/entry.client-2.js",
        "modulepreload /assets/react-dom-3.js",
      ]);
      expect(browser.imported).toEqual([
        "/assets/manifest-1.js",
        "/assets/root-5.js",
        "/assets/contact-6.js",
        "/assets/entry.client-2.js",
      ]);
      expect(browser.window.__reactRouterRouteModules).toEqual({
        root: { href: "/assets/root-5.js" },
        "routes/contact": { href: "/assets/contact-6.js" },
      });
      // Once only: later uses start nothing more.
      expect(browser.listeners.has(use)).toBe(false);
      await browser.fire("focusin");
      expect(browser.imported).toHaveLength(4);
    });
  }

  it("starts at load when the browser restored a filled-in or focused form", async () => {
    const filled = runBootstrap(result, { fieldValue: "Thandi" });
    await filled.fire("load");
    expect(filled.imported).toContain("/assets/entry.client-2.js");

    const focused = runBootstrap(result, { readyState: "complete", focusInForm: true });
    await focused.settle();
    expect(focused.imported).toContain("/assets/entry.client-2.js");
  });

  it("leaves a page without the app alone", () => {
    const content = "<html><body><p>Words</p></body></html>";
    expect(startAppOnFirstUse(content)).toBe(content);
  });

  it("fails the build if React Router's bootstrap changes shape", () => {
    const changed = page.replace('import("/assets/entry.client-2.js");', "boot();");
    expect(() => startAppOnFirstUse(changed)).toThrow(/new shape/);
  });
});
