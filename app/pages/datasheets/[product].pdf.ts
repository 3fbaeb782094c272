import { siteConfig } from "../../config";
import type { Product } from "../../content/products";
import { shellContent, siteProducts } from "../../content/site-content";
import { datasheetPdf } from "../../lib/datasheet";

// Each product's datasheet, made from its content file as the build writes its page
// (app/lib/datasheet.tsx); the page links it with its size.
export const getStaticPaths = async () =>
  (await siteProducts()).map((product) => ({
    params: { product: product.slug },
    props: { product },
  }));

export const GET = async ({ props: { product } }: { props: { product: Product } }) => {
  const copy = (await shellContent()).productPage;
  const pdf = await datasheetPdf({ product, copy, ...siteConfig, madeOn: new Date() });
  return new Response(new Uint8Array(pdf), { headers: { "content-type": "application/pdf" } });
};
