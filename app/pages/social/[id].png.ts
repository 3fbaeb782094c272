import { VITE_SITE_URL } from "astro:env/server";
import { siteConfig } from "../../config";
import { productPageOf } from "../../content/products";
import { sitePages, siteProducts } from "../../content/site-content";
import { shareCardSize } from "../../lib/page-head";
import { renderPng, shareCardSvg } from "../../lib/share-cards";

// Each page's and each product's link preview picture (app/lib/page-head.ts names it).
export const getStaticPaths = async () =>
  [...(await sitePages()), ...(await siteProducts()).map(productPageOf)].map((page) => ({
    params: { id: page.id },
    props: { page },
  }));

type CardPage = Parameters<typeof shareCardSvg>[0];

export const GET = ({ props: { page } }: { props: { page: CardPage } }) => {
  const host = VITE_SITE_URL ? new URL(VITE_SITE_URL).host : "";
  const svg = shareCardSvg(page, { companyName: siteConfig.companyName, host });
  return new Response(new Uint8Array(renderPng(svg, shareCardSize.width)), {
    headers: { "content-type": "image/png" },
  });
};
