import { describe, expect, it } from "vitest";
import { colourToken } from "./colour-tokens";

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** The hue of #rrggbb in degrees, 0 to 360. */
function hue(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return ((Math.atan2(Math.sqrt(3) * (g - b), 2 * r - g - b) * 180) / Math.PI + 360) % 360;
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

// The text/background pairs the site uses, and the WCAG AA minimum each must meet.
type Colour = `color-${string}`;
const pairs: [foreground: Colour, background: Colour, minimum: number][] = [
  ["color-ink", "color-surface", 4.5],
  ["color-ink", "color-surface-tint", 4.5],
  ["color-ink-muted", "color-surface", 4.5],
  ["color-ink-muted", "color-surface-tint", 4.5],
  ["color-primary", "color-surface", 4.5],
  ["color-primary", "color-surface-tint", 4.5],
  ["color-on-primary", "color-primary", 4.5],
  ["color-on-primary", "color-primary-strong", 4.5],
  ["color-on-hero", "color-hero", 4.5],
  ["color-on-hero-muted", "color-hero", 4.5],
  ["color-on-hero-muted", "color-primary-strong", 4.5],
  ["color-danger", "color-surface", 4.5],
  ["color-success", "color-surface", 4.5],
  ["color-focus", "color-surface", 3],
  ["color-focus", "color-surface-tint", 3],
  ["color-focus-on-dark", "color-hero", 3],
  ["color-focus-on-dark", "color-primary-strong", 3],
  ["color-border", "color-surface", 1],
];

describe("design tokens", () => {
  it.each(pairs)("%s on %s meets %d:1", (foreground, background, minimum) => {
    expect(contrast(colourToken(foreground), colourToken(background))).toBeGreaterThanOrEqual(
      minimum,
    );
  });

  // Red and orange run from about 330° round to 45°; the danger red sits at about 4°. A quarter
  // turn away is outside that family on either side.
  it.each(["color-focus", "color-focus-on-dark"] as const)(
    "draws %s in a hue far from the danger red, outside red and orange",
    (focus) => {
      const away = Math.abs(hue(colourToken(focus)) - hue(colourToken("color-danger")));
      expect(Math.min(away, 360 - away)).toBeGreaterThanOrEqual(90);
    },
  );

  it("computes contrast the way WCAG does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });
});
