import { VITE_SITE_URL } from "astro:env/server";
import { siteConfig } from "../../config";
import { sitePages } from "../../content/site-content";
import { shareCardSize } from "../../lib/page-head";
import { renderPng, shareCardSvg } from "../../lib/share-cards";

// Each page's link preview picture (app/lib/page-head.ts names it).
export async function getStaticPaths() {
  return (await sitePages()).map((page) => ({ params: { id: page.id }, props: { page } }));
}

type Props = { page: Awaited<ReturnType<typeof sitePages>>[number] };

export const GET = ({ props }: { props: Props }) => {
  const host = VITE_SITE_URL ? new URL(VITE_SITE_URL).host : "";
  const svg = shareCardSvg(props.page, { companyName: siteConfig.companyName, host });
  return new Response(new Uint8Array(renderPng(svg, shareCardSize.width)), {
    headers: { "content-type": "image/png" },
  });
};
