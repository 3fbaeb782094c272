import { colourToken } from "../styles/colour-tokens";

// The icons a browser or phone shows for the site, all drawn from the logo mark at build time
// (scripts/social-images.ts) except favicon.svg, which is a plain file in public/.

/** The hero blue: the browser UI colour and the background of the full-bleed icons. */
export const themeColour = colourToken("color-hero");
/** The splash screen behind the icon while an installed site starts. */
const backgroundColour = colourToken("color-surface");

export type AppIcon = {
  path: string;
  size: number;
  /** "any": the mark on a transparent square; "maskable": full bleed, the mark in the safe zone. */
  purpose: "any" | "maskable";
};

const largeIcon: AppIcon = { path: "/icon-512.png", size: 512, purpose: "any" };

/** Icons listed in the web app manifest. */
export const manifestIcons: readonly AppIcon[] = [
  { path: "/icon-192.png", size: 192, purpose: "any" },
  largeIcon,
  { path: "/icon-maskable-512.png", size: 512, purpose: "maskable" },
];

/** The logo search engines show for the company (structured data). */
export const logoImage = largeIcon;

/** iOS ignores the manifest's icons and fills transparency with black: a full-bleed square. */
export const appleTouchIcon: AppIcon = {
  path: "/apple-touch-icon.png",
  size: 180,
  purpose: "maskable",
};

/** Sizes inside favicon.ico, for browsers and tools that do not take the SVG. */
export const faviconIcoSizes: readonly number[] = [16, 32, 48];

export const webManifestPath = "/manifest.webmanifest";

/** A short name fits under a home-screen icon (about 12 characters). */
function shortName(name: string): string {
  return name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name).slice(0, 12);
}

export function webManifest(companyName: string, description: string) {
  return {
    name: companyName,
    short_name: shortName(companyName),
    description,
    lang: "en-ZA",
    start_url: "/",
    scope: "/",
    display: "minimal-ui",
    theme_color: themeColour,
    background_color: backgroundColour,
    icons: manifestIcons.map(({ path, size, purpose }) => ({
      src: path,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose,
    })),
  };
}

/**
 * The head links for every page. The ICO states its sizes (not "any") so that browsers that
 * draw SVG prefer favicon.svg.
 */
export const iconLinks = [
  { rel: "icon", href: "/favicon.ico", sizes: "16x16 32x32 48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: appleTouchIcon.path },
  { rel: "manifest", href: webManifestPath },
] as const;
