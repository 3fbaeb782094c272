import browserslist from "browserslist";
import { browserslistToTargets } from "lightningcss";

// The supported browsers are stated once, in package.json's "browserslist"; the build's
// JavaScript and CSS targets are both worked out from it here.

// Vite's build.target takes esbuild's browser names. Browsers it has no name for (Samsung
// Internet, UC, QQ, KaiOS, Opera Mobile, Android WebView) run a Blink or Gecko at least as new as
// the Chrome or Firefox the list keeps, so the lowest Chrome and Firefox cover them.
const buildTargetNames: Record<string, string> = {
  chrome: "chrome",
  and_chr: "chrome",
  edge: "edge",
  firefox: "firefox",
  and_ff: "firefox",
  opera: "opera",
  safari: "safari",
  ios_saf: "ios",
};

/** The browsers package.json's "browserslist" names, as browserslist lists them ("safari 15.4"). */
export const supportedBrowsers = (root: string) => browserslist(undefined, { path: root });

/** Vite's build.target: the oldest version of each engine in the list, in esbuild's names. */
export function buildTarget(browsers: readonly string[]): string[] {
  const oldest = new Map<string, string>();
  for (const [name = "", range = ""] of browsers.map((entry) => entry.split(" "))) {
    const target = buildTargetNames[name];
    if (!target) continue;
    // A range such as "18.5-18.7" starts at its first version.
    const version = range.split("-")[0] ?? "";
    const known = oldest.get(target);
    if (!known || version.localeCompare(known, "en", { numeric: true }) < 0)
      oldest.set(target, version);
  }
  return [...oldest].map(([target, version]) => `${target}${version}`).sort();
}

/** Lightning CSS's targets, for lowering and prefixing the CSS. */
export const cssTargets = (browsers: readonly string[]) => browserslistToTargets([...browsers]);
