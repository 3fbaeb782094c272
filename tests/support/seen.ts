import { expect, type Locator } from "@playwright/test";
import { type EngineDriver, FIND_IN_PAGE } from "./engine-driver";

/**
 * Why a person could not see the element, or [] when they can: it lies wholly inside the
 * viewport, it is the topmost element at its centre (nothing covers it), and each piece of its
 * text contrasts at least 4.5:1 with what is drawn behind it.
 *
 * Runs in the page, so it uses nothing from outside itself: Playwright passes it to evaluate, and
 * the engine drivers send its source (SEEN_IN_PAGE).
 */
export function unseenReasons(element: Element | null): string[] {
  if (!element) return ["not in the page"];
  const reasons: string[] = [];
  const box = element.getBoundingClientRect();
  const name = (node: Element) =>
    `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${node.className && typeof node.className === "string" ? `.${node.className.trim().split(/\s+/).join(".")}` : ""}>`;
  if (box.width === 0 || box.height === 0) return [`${name(element)} has no size`];
  const round = (n: number) => Math.round(n);
  if (box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight) {
    reasons.push(
      `outside the ${innerWidth}×${innerHeight} viewport: left ${round(box.left)}, top ${round(box.top)}, right ${round(box.right)}, bottom ${round(box.bottom)}`,
    );
  }
  // An inline element broken over lines is found at the centre of its first line.
  const first = element.getClientRects()[0] ?? box;
  const atCentre = document.elementFromPoint(
    first.left + first.width / 2,
    first.top + first.height / 2,
  );
  if (!atCentre || (atCentre !== element && !element.contains(atCentre))) {
    reasons.push(`covered at its centre by ${atCentre ? name(atCentre) : "nothing drawn"}`);
  }

  type Rgba = [number, number, number, number];
  const parse = (colour: string): Rgba => {
    const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+%?/g) ?? []).map((part) =>
      part.endsWith("%") ? Number.parseFloat(part) / 100 : Number.parseFloat(part),
    );
    return [r, g, b, colour.startsWith("rgba") || colour.includes("/") ? a : 1];
  };
  const over = ([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba => [
    r * a + R * (1 - a),
    g * a + G * (1 - a),
    b * a + B * (1 - a),
    1,
  ];
  /** The solid colour behind a node: its and its ancestors' backgrounds, over white. */
  const backgroundOf = (node: Element): Rgba | string => {
    const layers: Rgba[] = [];
    for (let at: Element | null = node; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.backgroundImage !== "none") return `${name(at)} has a background image`;
      const layer = parse(style.backgroundColor);
      if (layer[3] > 0) layers.push(layer);
      if (layer[3] === 1) break;
    }
    return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  const luminance = ([r, g, b]: Rgba) => {
    const [R = 0, G = 0, B = 0] = [r, g, b].map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const texts = [element, ...element.querySelectorAll("*")].filter(
    (node) =>
      node.getClientRects().length > 0 &&
      getComputedStyle(node).visibility !== "hidden" &&
      [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent?.trim()),
  );
  for (const node of texts) {
    const background = backgroundOf(node);
    if (typeof background === "string") {
      reasons.push(`contrast of "${node.textContent?.trim()}" not measurable: ${background}`);
      continue;
    }
    let opacity = 1;
    for (let at: Element | null = node; at; at = at.parentElement) {
      opacity *= Number.parseFloat(getComputedStyle(at).opacity);
    }
    const [r, g, b, a] = parse(getComputedStyle(node).color);
    const text = over([r, g, b, a * opacity], background);
    const [light, dark] = [luminance(text), luminance(background)].sort((x, y) => y - x);
    const ratio = ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
    if (ratio < 4.5) {
      reasons.push(
        `text "${node.textContent?.trim()}" contrasts ${ratio.toFixed(2)}:1 with what is behind it`,
      );
    }
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
  await expect
    .poll(
      () => driver.evaluate<string[]>(`${FIND_IN_PAGE} ${SEEN_IN_PAGE} return unseen(${element});`),
      { message: `${what} is seen`, timeout: 5_000, intervals: [100] },
    )
    .toEqual([]);
}
