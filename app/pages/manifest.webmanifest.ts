import { siteConfig } from "../config";
import { shellContent } from "../content/site-content";
import { webManifest } from "../lib/site-icons";

export const GET = async () =>
  Response.json(webManifest(siteConfig.companyName, (await shellContent()).footer.tagline));
