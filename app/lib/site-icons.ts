import { colourToken } from "../styles/colour-tokens";

/** The hero blue: the browser's UI colour, and behind the full-bleed icons. */
export const themeColour = colourToken("color-hero");

/** The logo search engines show for the company. */
export const logoIcon = { path: "/icon-512.png", size: 512, purpose: "any" } as const;

/** "any": the mark on a transparent square; "maskable": full bleed, the mark in the safe zone. */
export const manifestIcons = [
  { path: "/icon-192.png", size: 192, purpose: "any" },
  logoIcon,
  { path: "/icon-maskable-512.png", size: 512, purpose: "maskable" },
] as const;

/** iOS ignores the manifest's icons and fills transparency with black: a full-bleed square. */
export const appleTouchIcon = {
  path: "/apple-touch-icon.png",
  size: 180,
  purpose: "maskable",
} as const;

/** In favicon.ico, for browsers and tools that do not take the SVG. */
export const faviconIcoSizes = [16, 32, 48];

/** The head links of every page. The ICO states its sizes, so browsers that draw SVG prefer it. */
export const iconLinks = [
  {
    rel: "icon",
    href: "/favicon.ico",
    sizes: faviconIcoSizes.map((px) => `${px}x${px}`).join(" "),
  },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: appleTouchIcon.path },
  { rel: "manifest", href: "/manifest.webmanifest" },
];
