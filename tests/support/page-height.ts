import { sitePage, siteProducts } from "../../app/content/site-content";

/** One page of each type: a product section's, a product's, the form's, a legal and the FAQ. */
export const PAGE_TYPES = [
  sitePage("home").path,
  siteProducts().find((product) => product.slug === "client-app")?.path ??
    siteProducts()[0]?.path ??
    "/",
  sitePage("contact").path,
  sitePage("privacy").path,
  sitePage("faq").path,
];

/**
 * The document's height at the top once the font is in, then after each step of half a screen down to the bottom,
 * each read once the frame after the scroll is drawn: where a block is laid out only as it nears
 * the screen (`content-visibility`), that is when it trades its estimated height for its own.
 *
 * Runs in the page and uses nothing from outside itself: Playwright passes it to evaluate, and
 * the engine drivers send its source (HEIGHTS_IN_PAGE).
 */
export async function heightsWhileScrolled(): Promise<number[]> {
  const drawn = () =>
    new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const height = () => document.documentElement.scrollHeight;
  await document.fonts.ready;
  scrollTo(0, 0);
  await drawn();
  const heights = [height()];
  while (scrollY + innerHeight < height() - 1 && heights.length < 200) {
    scrollBy(0, innerHeight / 2);
    await drawn();
    heights.push(height());
  }
  return heights;
}

/** An engine driver's evaluate body returning heightsWhileScrolled()'s list. */
export const HEIGHTS_IN_PAGE = `return (${heightsWhileScrolled.toString()})();`;

/** How far a page's height strays from its first value, as a share of it: at most 5%. */
export const strayOf = ([first = 1, ...rest]: number[]) =>
  Math.max(0, ...rest.map((height) => Math.abs(height - first) / first));
export const HEIGHT_TOLERANCE = 0.05;
