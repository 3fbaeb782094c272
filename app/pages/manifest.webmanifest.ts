import { siteConfig } from "../config";
import { builtContent } from "../content/site-content";
import { manifestIcons, themeColour } from "../lib/site-icons";
import { colourToken } from "../styles/colour-tokens";

const { companyName } = siteConfig;

export const GET = async () =>
  Response.json({
    name: companyName,
    // What fits under a home-screen icon: about 12 characters.
    short_name:
      companyName.length <= 12 ? companyName : (companyName.split(/\s+/)[0] ?? "").slice(0, 12),
    description: (await builtContent()).shellFile().footer.tagline,
    lang: "en-ZA",
    start_url: "/",
    scope: "/",
    display: "minimal-ui",
    theme_color: themeColour,
    // Behind the icon while the installed site starts.
    background_color: colourToken("color-surface"),
    icons: manifestIcons.map(({ path, size, purpose }) => ({
      src: path,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose,
    })),
  });
