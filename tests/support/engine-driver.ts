import { resolve } from "node:path";
import { expect } from "@playwright/test";

// The few things the engine smoke suite (tests/engines) does in a browser, as a visitor would,
// over one small interface that Firefox (firefox-driver.ts) and WebKit (webkit-driver.ts) both
// implement: the scenarios are written once.

export type Viewport = { width: number; height: number };

export type OpenOptions = {
  /** Where the engine can switch its Popover API off (WebKit): a browser without it. */
  withoutPopover?: boolean;
};

/**
 * What a visitor looks for on a page: a field by its label, or a control, landmark or form by
 * its role and accessible name, optionally inside another.
 */
export type Target =
  | { label: string }
  | { role: "button" | "link" | "navigation" | "form"; name: string; in?: Target };

/**
 * Defines `find(target)` and `shown(element)` in the page: the WebDriver protocols find elements
 * by CSS or XPath only, so targets are found there. The accessible name is the one these pages
 * give: aria-label, else the element named by aria-labelledby, else the text.
 */
export const FIND_IN_PAGE = `
  const nameOf = (element) => {
    const labelledBy = element.getAttribute("aria-labelledby");
    const name = element.getAttribute("aria-label")
      ?? (labelledBy ? labelledBy.split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" ") : element.textContent);
    return name.replace(/\\s+/g, " ").trim();
  };
  const ROLES = { button: "button", link: "a[href]", navigation: "nav", form: "form" };
  const find = (target) => {
    const scope = target.in ? find(target.in) : document;
    if (!scope) return null;
    if ("label" in target) {
      return [...scope.querySelectorAll("label")].find((label) => nameOf(label) === target.label)?.control ?? null;
    }
    return [...scope.querySelectorAll(ROLES[target.role])].find((element) => nameOf(element) === target.name) ?? null;
  };
  const shown = (element) => !!element && element.getClientRects().length > 0
    && getComputedStyle(element).visibility !== "hidden";
`;

/** A function body for evaluate: whether the target is in the page and shown. */
export const isShown = (target: Target) =>
  `${FIND_IN_PAGE} return shown(find(${JSON.stringify(target)}));`;

export type EngineDriver = {
  goto(url: string): Promise<void>;
  /** Runs an async function body (it may `return`, and `await`) in the page, gives back its
   * JSON result. */
  evaluate<T>(body: string): Promise<T>;
  /** Scrolls the target into view, then clicks it. */
  click(target: Target): Promise<void>;
  /** Clicks into a field, then types. */
  type(target: Target, text: string): Promise<void>;
  /** Picks an option of a select by its value, as WebDriver's click on an option does. */
  choose(target: Target, value: string): Promise<void>;
  pressEscape(): Promise<void>;
  /** Moves focus on, as the Tab key does. */
  pressTab(): Promise<void>;
  /** Console errors, uncaught errors, failed loads and policy violations seen so far. */
  pageErrors(): Promise<string[]>;
  close(): Promise<void>;
};

export type Engine = {
  name: "firefox" | "webkit";
  /** A fresh browsing session (no cookies, no storage) with the page at this size. */
  open(viewport: Viewport, options?: OpenOptions): Promise<EngineDriver>;
  close(): Promise<void>;
};

/** What an engine's library does itself; visitorDriver builds the rest on it, once. */
export type Session<Element> = Pick<
  EngineDriver,
  "goto" | "evaluate" | "pressEscape" | "pressTab" | "close"
> & {
  /** The element an async function body returns, as a handle, or null. */
  element(body: string): Promise<Element | null>;
  click(element: Element): Promise<void>;
  /** Types into the element, which has focus. */
  keys(element: Element, text: string): Promise<void>;
  /** What the library hears of the page besides record-page-errors.js. */
  reported?: string[];
};

export function visitorDriver<Element>(session: Session<Element>): EngineDriver {
  const found = (target: Target) =>
    `${FIND_IN_PAGE} const found = find(${JSON.stringify(target)});`;
  /** The target once the page has it, scrolled to the middle, once the frame after the scroll
   * is drawn. (WebKit's WebDriver does not scroll at all.) */
  const scrolledTo = async (target: Target) => {
    let element: Element | undefined;
    await expect(async () => {
      element = (await session.element(`${found(target)} return found;`)) ?? undefined;
      expect(element, `${JSON.stringify(target)} in the page`).toBeDefined();
    }).toPass({ timeout: 10_000, intervals: [100] });
    await session.evaluate(`${found(target)} found.scrollIntoView({ block: "center" });
      await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));`);
    // Found: toPass passed only once it was.
    return element as Element;
  };
  return {
    ...session,
    click: async (target) => session.click(await scrolledTo(target)),
    async type(target, text) {
      const field = await scrolledTo(target);
      await session.click(field);
      await session.keys(field, text);
    },
    async choose(target, value) {
      await scrolledTo(target);
      await session.evaluate(`${found(target)} found.value = ${JSON.stringify(value)};
        for (const type of ["input", "change"]) found.dispatchEvent(new Event(type, { bubbles: true }));`);
    },
    pageErrors: async () => [
      ...(session.reported ?? []),
      ...(await session.evaluate<string[]>(READ_PAGE_ERRORS)),
    ],
  };
}

/** What the engines run in every document before the page's own scripts. */
export const pageErrorRecorder = resolve(import.meta.dirname, "record-page-errors.js");

/** What the recorder and the page's own resource timings hold for the current document. */
const READ_PAGE_ERRORS = `
  const recorded = window.__pageErrors ? [...window.__pageErrors] : ["no error recorder ran"];
  const failed = performance
    .getEntriesByType("navigation")
    .concat(performance.getEntriesByType("resource"))
    .filter((entry) => entry.responseStatus >= 400)
    .map((entry) => "HTTP " + entry.responseStatus + " " + entry.name);
  return recorded.concat(failed);
`;

/**
 * Polls a condition in the page (a function body returning truthy) until it holds. A poll that
 * fails (a navigation in progress) counts as not yet; its error is what the timeout reports.
 */
export const waitFor = (driver: EngineDriver, condition: string, what: string, timeout = 10_000) =>
  expect
    .poll(() => driver.evaluate(condition).then(Boolean, String), {
      message: what,
      timeout,
      intervals: [100],
    })
    .toBe(true);
