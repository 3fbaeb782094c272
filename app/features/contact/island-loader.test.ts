// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadIslandOnFirstUse, READY_WITHIN_MS, type StartIsland } from "./island-loader";

// The loader against a page shaped like the prerendered contact page. The island's module is a
// stand-in given through importModule; the browser tests load the real one.

const MODULE_URL = "/assets/enquiry-island-abc.js";

type Observed = { callback: IntersectionObserverCallback; target?: Element };
let observers: Observed[];

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback });
      }
      observe(target: Element) {
        const observed = observers.at(-1);
        if (observed) observed.target = target;
      }
      disconnect() {}
    },
  );
  document.body.innerHTML = `
    <div id="enquiry-form" data-island="${MODULE_URL}">
      <form>
        <label for="enquiry-name">Name</label><input id="enquiry-name" name="name">
        <label for="enquiry-enquiry">Enquiry type</label>
        <select id="enquiry-enquiry" name="enquiry">
          <option value="" disabled selected>Choose</option><option value="support">Support</option>
        </select>
        <label for="enquiry-message">Message</label><textarea id="enquiry-message" name="message"></textarea>
      </form>
    </div>
    <div data-island-failure aria-live="assertive"></div>
    <template data-island-failure-message>
      <div><span>It could not start, or <a href="mailto:support@example.com" data-subject="Website enquiry">email it</a>.</span>
      <button type="button">Close</button></div>
    </template>`;
  for (const link of document.head.querySelectorAll("link")) link.remove();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const container = () => document.getElementById("enquiry-form") as HTMLElement;
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const failureRegion = () => document.querySelector("[data-island-failure]") as HTMLElement;
const state = () => container().dataset.islandState;
const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute("href"),
  );

function startLoader(importModule: (url: string) => Promise<{ start: StartIsland }>) {
  loadIslandOnFirstUse({
    container: container(),
    failureRegion: failureRegion(),
    failureTemplate: document.querySelector("template") as HTMLTemplateElement,
    importModule,
  });
}

function standInModule() {
  const starts: string[][] = [];
  const module = {
    start: async (_container: HTMLElement, touched: readonly string[]) => {
      starts.push([...touched]);
    },
  };
  return { starts, module };
}

/** Paint timing the test reports: returns a function that reports a paint entry by name. */
function stubPaintTiming() {
  const callbacks: PerformanceObserverCallback[] = [];
  vi.stubGlobal(
    "PerformanceObserver",
    class {
      static supportedEntryTypes = ["paint"];
      constructor(callback: PerformanceObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return (name: string) => {
    const entries = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) };
    for (const callback of callbacks) callback(entries as never, {} as PerformanceObserver);
  };
}

describe("before first use", () => {
  it("fetches the module once the form nears the screen, and runs nothing", async () => {
    const imports: string[] = [];
    startLoader(async (url) => {
      imports.push(url);
      return standInModule().module;
    });
    expect(state()).toBe("waiting");
    await vi.waitFor(() => expect(observers[0]?.target).toBe(container().querySelector("form")));
    expect(preloads()).toEqual([]);
    observers[0]?.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
    expect(preloads()).toEqual([MODULE_URL]);
    expect(imports).toEqual([]);
  });

  it("looks for the form only once the page has painted its first content", async () => {
    const paint = stubPaintTiming();
    startLoader(async () => standInModule().module);
    paint("first-paint");
    expect(observers).toHaveLength(0);
    paint("first-contentful-paint");
    expect(observers[0]?.target).toBe(container().querySelector("form"));
  });

  it.each([
    ["Save-Data", { saveData: true, effectiveType: "4g" }],
    ["a 2G connection", { saveData: false, effectiveType: "2g" }],
    ["a slow 2G connection", { saveData: false, effectiveType: "slow-2g" }],
  ])("fetches nothing ahead under %s", (_case, connection) => {
    vi.stubGlobal("navigator", { ...navigator, connection });
    const paint = stubPaintTiming();
    startLoader(async () => standInModule().module);
    paint("first-contentful-paint");
    expect(observers).toHaveLength(0);
  });
});

describe("on first use", () => {
  it("runs the island with the fields left before it started", async () => {
    const { starts, module } = standInModule();
    startLoader(async () => module);
    input("enquiry-name").dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    input("enquiry-name").dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    await vi.waitFor(() => expect(state()).toBe("ready"));
    // The module arrived after the name field was left.
    expect(starts).toEqual([["name"]]);
    // Used again, it starts nothing more.
    input("enquiry-name").dispatchEvent(new Event("input", { bubbles: true }));
    expect(starts).toHaveLength(1);
  });

  it("starts at load when the browser restored what was typed", async () => {
    const { starts, module } = standInModule();
    input("enquiry-name").value = "Thandi";
    startLoader(async () => module);
    await vi.waitFor(() => expect(state()).toBe("ready"));
    expect(starts).toHaveLength(1);
  });
});

describe("when the island cannot start", () => {
  it("says so, offers the typed enquiry by email, and loads afresh on the next use", async () => {
    const imports: string[] = [];
    const { module } = standInModule();
    startLoader(async (url) => {
      imports.push(url);
      if (imports.length === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return module;
    });
    input("enquiry-name").value = "Thandi Nkosi";
    (document.getElementById("enquiry-enquiry") as HTMLSelectElement).value = "support";
    input("enquiry-message").value = "Line one\nLine two";
    input("enquiry-name").dispatchEvent(new Event("pointerdown", { bubbles: true }));
    await vi.waitFor(() => expect(state()).toBe("failed"));

    const link = failureRegion().querySelector("a");
    const href = new URL(link?.href ?? "");
    expect(href.pathname).toBe("support@example.com");
    expect(href.searchParams.get("subject")).toBe("Website enquiry");
    expect(href.searchParams.get("body")).toBe(
      "Name: Thandi Nkosi\r\nEnquiry type: Support\r\nMessage: Line one\r\nLine two",
    );
    expect(input("enquiry-name").value).toBe("Thandi Nkosi");
    // Typed after the message appeared: the link carries it when followed.
    input("enquiry-name").value = "Thandi N. Nkosi";
    link?.addEventListener("click", (event) => event.preventDefault());
    link?.click();
    expect(new URL(link?.href ?? "").searchParams.get("body")).toMatch(
      /^Name: Thandi N\. Nkosi\r\n/,
    );

    input("enquiry-message").dispatchEvent(new Event("input", { bubbles: true }));
    await vi.waitFor(() => expect(state()).toBe("ready"));
    expect(imports).toEqual([MODULE_URL, `${MODULE_URL}?retry=2`]);
    expect(failureRegion().childElementCount).toBe(0);
  });

  it("says so when the island is not ready within the time allowed, and closes on Close", async () => {
    vi.useFakeTimers();
    startLoader(() => new Promise(() => undefined));
    input("enquiry-name").dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await vi.advanceTimersByTimeAsync(READY_WITHIN_MS - 1);
    expect(state()).toBe("loading");
    await vi.advanceTimersByTimeAsync(1);
    expect(state()).toBe("failed");
    expect(failureRegion()).toHaveTextContent("It could not start");
    failureRegion().querySelector("button")?.click();
    expect(failureRegion().childElementCount).toBe(0);
  });
});
