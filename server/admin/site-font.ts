import { readdirSync } from "node:fs";
import { join } from "node:path";
import ranges from "@fontsource-variable/inter/unicode.json" with { type: "json" };

// The staff pages are drawn in the site's Inter: the very files the build put under assets/ for
// every page (app/layouts/Page.astro), so a browser that has seen the site has them already.

/**
 * A face as the pages declare it (app/lib/web-font.ts), but swapped in when it arrives: the
 * pages would rather not move, a member of staff would rather read the figures in Inter.
 */
const face = (url: string, unicodeRange: string) =>
  `@font-face{font-family:"Inter Variable";font-style:normal;font-weight:100 900;font-display:swap;src:url(${url}) format("woff2-variations");unicode-range:${unicodeRange}}`;

const builtFile = (file: string) => new RegExp(`^inter-${file}-wght-normal\\.[\\w-]+\\.woff2$`);

/**
 * The @font-face rules for the build's whole Inter files and the latin file's address, to preload;
 * nothing where the build has none.
 */
export function siteFont(siteRoot: string): { css: string; preload?: string } {
  let names: string[];
  try {
    names = readdirSync(join(siteRoot, "assets"));
  } catch {
    return { css: "" };
  }
  const latin = names.find((name) => builtFile("latin").test(name));
  const latinExt = names.find((name) => builtFile("latin-ext").test(name));
  if (!latin || !latinExt) return { css: "" };
  const preload = `/assets/${latin}`;
  return {
    css: face(`/assets/${latinExt}`, ranges["latin-ext"]) + face(preload, ranges.latin),
    preload,
  };
}
