import tokensCss from "./tokens.css?raw";

// tokens.css is where the site's colours are chosen. What is drawn outside CSS (the browser's
// theme colour, the web app manifest, the icons and share cards made at build time) reads them
// from there, so a brand colour changes in one place.

const colours: Record<string, string | undefined> = Object.fromEntries(
  [...tokensCss.matchAll(/--(color-[\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map(([, name, value]) => [
    name,
    value,
  ]),
);

/** A colour token of tokens.css, such as colourToken("color-hero"), as #rrggbb. */
export function colourToken(name: `color-${string}`): string {
  const value = colours[name];
  if (!value) throw new Error(`app/styles/tokens.css has no --${name} as #rrggbb`);
  return value;
}
