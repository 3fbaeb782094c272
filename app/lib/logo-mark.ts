import { colourToken } from "../styles/colour-tokens";

// The company mark, a water drop holding a meter dial, drawn once for the logo, the favicon, the
// icons and the share cards.

type MarkColours = { drop: string; dial: string };

/** A primary-blue drop with a white dial, as in the header. */
export const brandMarkColours: MarkColours = {
  drop: colourToken("color-primary"),
  dial: colourToken("color-on-primary"),
};

/** The mark's shapes in its own 32 x 32 space, to place in a larger drawing with a transform. */
export const logoMarkShapes = ({ drop, dial }: MarkColours) =>
  `<path d="M16 2.5c-.6 0-1.1.3-1.4.8C11.2 8.7 6 15.2 6 20a10 10 0 0 0 20 0c0-4.8-5.2-11.3-8.6-16.7-.3-.5-.8-.8-1.4-.8Z" fill="${drop}"/>` +
  `<circle cx="16" cy="20" r="6" fill="none" stroke="${dial}" stroke-width="1.8"/>` +
  `<path d="M16 20l3.2-3.2" stroke="${dial}" stroke-width="1.8" stroke-linecap="round"/>`;

/** The mark as an SVG file: public/favicon.svg is exactly this. */
export const logoMarkSvg = () =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${logoMarkShapes(brandMarkColours)}</svg>\n`;
