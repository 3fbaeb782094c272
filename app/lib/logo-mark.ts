import { colourToken } from "../styles/colour-tokens";

// The company mark, a water drop holding a meter dial, drawn once. The header and footer logo,
// public/favicon.svg and the icons and share cards made at build time all draw it from here.

export const logoMark = {
  viewBox: "0 0 32 32",
  drop: "M16 2.5c-.6 0-1.1.3-1.4.8C11.2 8.7 6 15.2 6 20a10 10 0 0 0 20 0c0-4.8-5.2-11.3-8.6-16.7-.3-.5-.8-.8-1.4-.8Z",
  dial: { cx: 16, cy: 20, r: 6 },
  needle: "M16 20l3.2-3.2",
  strokeWidth: 1.8,
} as const;

/** The mark's brand colours: a primary-blue drop with a white dial (as in the header). */
export const brandMarkColours = {
  drop: colourToken("color-primary"),
  dial: colourToken("color-on-primary"),
} as const;

/**
 * The mark as SVG elements in its own 32 x 32 coordinate space, for placing inside a larger
 * drawing (an icon, a share card) with a transform.
 */
export function logoMarkShapes(colours: { drop: string; dial: string }): string {
  const { drop, dial, needle, strokeWidth } = logoMark;
  return (
    `<path d="${drop}" fill="${colours.drop}"/>` +
    `<circle cx="${dial.cx}" cy="${dial.cy}" r="${dial.r}" fill="none" stroke="${colours.dial}" stroke-width="${strokeWidth}"/>` +
    `<path d="${needle}" stroke="${colours.dial}" stroke-width="${strokeWidth}" stroke-linecap="round"/>`
  );
}

/** The mark as a standalone SVG document (public/favicon.svg is exactly this). */
export function logoMarkSvg(colours: { drop: string; dial: string } = brandMarkColours): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${logoMark.viewBox}">${logoMarkShapes(colours)}</svg>\n`;
}
