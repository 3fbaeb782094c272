import type { ImageMetadata } from "astro";
import { uploadedDatasheetOf } from "../../content/documents";
import type { Product } from "../../content/products";
import { builtContent } from "../../content/site-content";
import { builtDatasheet } from "../../lib/built-datasheet";

// Each product's datasheet, made from its content file as the build writes its page
// (app/lib/datasheet.tsx); the page links it with its size. A product whose company datasheet
// is uploaded offers that one instead.
export const getStaticPaths = async () => {
  const { siteDocuments, siteProducts } = await builtContent();
  const documents = siteDocuments();
  return siteProducts()
    .filter((product) => !uploadedDatasheetOf(product.slug, documents))
    .map((product) => ({ params: { product: product.slug }, props: { product } }));
};

export const GET = async ({
  props: { product },
}: {
  props: { product: Product<ImageMetadata> };
}) => {
  const pdf = await builtDatasheet(await builtContent(), product);
  return new Response(new Uint8Array(pdf), { headers: { "content-type": "application/pdf" } });
};
