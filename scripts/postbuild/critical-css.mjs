import Beasties from "beasties";

/**
 * Puts each page's whole CSS into <style> elements in its head and drops the stylesheet links,
 * so the first paint waits for no CSS download (issue 12). A page's CSS is about 3 KiB brotli,
 * less than the round trip a separate file costs a phone on a slow connection; keeping only the
 * rules the first view uses and loading the rest from a link later (beasties' usual mode) saved
 * nothing worth having, and the late link still held back the paint in Lighthouse's model
 * (decision 0008). Whole sheets also keep every hover, focus and :popover-open rule, which
 * beasties cannot tell are used.
 */
export function criticalCssInliner(siteRoot) {
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
  return (html) => beasties.process(html);
}
