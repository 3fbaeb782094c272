import { VITE_SITE_URL } from "astro:env/server";
import { siteConfig } from "../../config";
import { documentsPageOf, hasDocumentsPage } from "../../content/documents";
import { productPageOf } from "../../content/products";
import { builtContent } from "../../content/site-content";
import { shareCardSize } from "../../lib/page-head";
import { renderPng, shareCardSvg } from "../../lib/share-cards";

// Each page's, each product's and /documents' link preview picture (app/lib/page-head.ts
// names it).
export const getStaticPaths = async () => {
  const content = await builtContent();
  return [
    ...content.sitePages(),
    ...content.siteProducts().map(productPageOf),
    ...(hasDocumentsPage(content) ? [documentsPageOf(content.shellFile().documents)] : []),
  ].map((page) => ({ params: { id: page.id }, props: { page } }));
};

type CardPage = Parameters<typeof shareCardSvg>[0];

export const GET = ({ props: { page } }: { props: { page: CardPage } }) => {
  const host = VITE_SITE_URL ? new URL(VITE_SITE_URL).host : "";
  const svg = shareCardSvg(page, { companyName: siteConfig.companyName, host });
  return new Response(new Uint8Array(renderPng(svg, shareCardSize.width)), {
    headers: { "content-type": "image/png" },
  });
};
