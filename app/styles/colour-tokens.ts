import tokensCss from "./tokens.css?raw";

// The site's colours are chosen in tokens.css; what is drawn outside CSS (theme colour, manifest,
// icons, share cards) reads them from there, so a brand colour changes in one place.

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
