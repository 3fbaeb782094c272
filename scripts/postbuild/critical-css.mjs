import Beasties from "beasties";

/**
 * Puts the CSS each page uses into a <style> in its head and moves the stylesheet links to the
 * end of the body, so the first paint waits for no CSS download (issue 12). The links stay, so
 * hover and focus styles and everything the page does not show at first still arrive. "body" is
 * the one strategy that needs no script or inline event handler, which our CSP forbids.
 */
export function criticalCssInliner(siteRoot) {
  const beasties = new Beasties({
    path: siteRoot,
    publicPath: "/",
    preload: "body",
    // The root route declares and preloads the one font face itself (app/root.tsx): beasties
    // cannot see the family behind var(--font-body), so it must leave that <style> alone.
    fonts: false,
    reduceInlineStyles: false,
    // Beasties cannot tell which of these match while the page is still loading (they depend on
    // the menu popover's :popover-open state); without them both menu icons would show until the
    // stylesheet at the end of the body arrived.
    allowRules: [/menuIcon/, /closeIcon/],
    logLevel: "warn",
  });
  return (html) => beasties.process(html);
}
