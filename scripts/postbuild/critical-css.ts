import Beasties from "beasties";

/**
 * Puts each page's whole CSS into <style> elements in its head and drops the stylesheet links,
 * so the first paint waits for no CSS download. Whole sheets rather than only the rules the
 * first view uses (beasties' usual mode): a page's CSS costs less than the round trip of a
 * separate file, and whole sheets keep every hover, focus and :popover-open rule, which beasties
 * cannot tell are used (measurements in decision 0008).
 */
export function criticalCssInliner(siteRoot: string): (html: string) => Promise<string> {
  const beasties = new Beasties({
    path: siteRoot,
    publicPath: "/",
    inlineThreshold: Number.POSITIVE_INFINITY,
    // The root route declares and preloads the site's font faces itself (app/lib/web-font.ts);
    // beasties cannot see the family behind var(--font-body), so it must leave that alone.
    fonts: false,
    reduceInlineStyles: false,
    logLevel: "warn",
  });
  return (html: string) => beasties.process(html);
}
