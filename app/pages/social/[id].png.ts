import { VITE_SITE_URL } from "astro:env/server";
import { siteConfig } from "../../config";
import { builtContent, type SitePage } from "../../content/site-content";
import { shareCardSize } from "../../lib/page-head";
import { renderPng, shareCardSvg } from "../../lib/share-cards";

// Each page's link preview picture (app/lib/page-head.ts names it).
export const getStaticPaths = async () =>
  (await builtContent()).sitePages().map((page) => ({ params: { id: page.id }, props: { page } }));

export const GET = ({ props: { page } }: { props: { page: SitePage } }) => {
  const host = VITE_SITE_URL ? new URL(VITE_SITE_URL).host : "";
  const svg = shareCardSvg(page, { companyName: siteConfig.companyName, host });
  return new Response(new Uint8Array(renderPng(svg, shareCardSize.width)), {
    headers: { "content-type": "image/png" },
  });
};
