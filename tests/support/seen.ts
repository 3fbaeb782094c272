import { expect, type Locator } from "@playwright/test";
import { type EngineDriver, FIND_IN_PAGE } from "./engine-driver";

/**
 * Why a person could not see the element, or [] when they can: it lies wholly inside the
 * viewport, it is the topmost element at its centre (nothing covers it), and each piece of its
 * text contrasts at least 4.5:1 with what is drawn behind it.
 *
 * Runs in the page and uses nothing from outside itself: Playwright passes it to evaluate, and
 * the engine drivers send its source (SEEN_IN_PAGE).
 */
export function unseenReasons(element: Element | null): string[] {
  if (!element) return ["not in the page"];
  const reasons: string[] = [];
  const name = (node: Element) => `<${node.tagName.toLowerCase()} class="${node.className}">`;
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return [`${name(element)} has no size`];
  if (box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight) {
    const [l, t, r, b] = [box.left, box.top, box.right, box.bottom].map(Math.round);
    reasons.push(`outside the ${innerWidth}×${innerHeight} viewport: ${l}, ${t} to ${r}, ${b}`);
  }
  // An inline element broken over lines is found at the centre of its first line.
  const line = element.getClientRects()[0] ?? box;
  const hit = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
  if (!hit || !element.contains(hit)) {
    reasons.push(`covered at its centre by ${hit ? name(hit) : "nothing drawn"}`);
  }

  type Rgba = number[];
  const parse = (colour: string): Rgba => {
    const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    return [r, g, b, a];
  };
  const over = ([r = 0, g = 0, b = 0, a = 1]: Rgba, below: Rgba): Rgba =>
    [r, g, b].map((c, i) => c * a + (below[i] ?? 0) * (1 - a)).concat(1);
  const luminance = (rgb: Rgba) => {
    const [r = 0, g = 0, b = 0] = rgb.slice(0, 3).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const texts = [element, ...element.querySelectorAll("*")].filter(
    (node) =>
      node.getClientRects().length > 0 &&
      getComputedStyle(node).visibility !== "hidden" &&
      [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent?.trim()),
  );
  for (const node of texts) {
    // What is behind the text: its own and its ancestors' backgrounds, down to an opaque one.
    const layers: Rgba[] = [];
    let opacity = 1;
    let image = "";
    for (let at: Element | null = node; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      opacity *= Number(style.opacity);
      if (layers.at(-1)?.[3] === 1) continue;
      if (style.backgroundImage !== "none") image ||= name(at);
      const layer = parse(style.backgroundColor);
      if (layer[3] !== 0) layers.push(layer);
    }
    const words = `"${node.textContent?.trim()}"`;
    if (image) {
      reasons.push(`contrast of ${words} not measurable over the background image of ${image}`);
      continue;
    }
    const behind = layers.reduceRight((below, layer) => over(layer, below), [255, 255, 255, 1]);
    const [r, g, b, a = 1] = parse(getComputedStyle(node).color);
    const text = over([r, g, b, a * opacity] as Rgba, behind);
    const [light = 0, dark = 0] = [luminance(text), luminance(behind)].sort((x, y) => y - x);
    const ratio = (light + 0.05) / (dark + 0.05);
    if (ratio < 4.5) reasons.push(`text ${words} contrasts ${ratio.toFixed(2)}:1 with its ground`);
  }
  return reasons;
}

/** Defines `unseen(element)` in the page, for an engine driver's evaluate. */
export const SEEN_IN_PAGE = `const unseen = ${unseenReasons.toString()};`;

/** Expects a person to see the element (see unseenReasons), once it has arrived. */
export async function expectSeen(locator: Locator, what = locator.toString()) {
  await expect(locator).toBeVisible();
  await expect
    .poll(() => locator.evaluate(unseenReasons), { message: `${what} is seen`, timeout: 3_000 })
    .toEqual([]);
}

/** Expects a person to see what a page expression finds (FIND_IN_PAGE's find() may be used). */
export async function expectSeenIn(driver: EngineDriver, element: string, what: string) {
  const reasons = () =>
    driver.evaluate<string[]>(`${FIND_IN_PAGE} ${SEEN_IN_PAGE} return unseen(${element});`);
  await expect
    .poll(reasons, { message: `${what} is seen`, timeout: 5_000, intervals: [100] })
    .toEqual([]);
}
