import { VITE_SITE_URL } from "astro:env/server";
import type { ImageMetadata } from "astro";
import { siteConfig } from "../../config";
import { approvalsOf, uploadedDatasheetOf } from "../../content/documents";
import type { Product } from "../../content/products";
import { builtContent } from "../../content/site-content";
import { datasheetPdf } from "../../lib/datasheet";
import { uploadOf } from "../../lib/study-photos";

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
  const content = await builtContent();
  const pdf = await datasheetPdf({
    product,
    copy: content.shellFile().productPage,
    ...siteConfig,
    company: content.companyDetails(),
    approvals: approvalsOf(product, content.siteDocuments()),
    siteUrl: VITE_SITE_URL?.replace(/\/+$/, ""),
    photoFile: product.photo && uploadOf(product.photo.src),
  });
  return new Response(new Uint8Array(pdf), { headers: { "content-type": "application/pdf" } });
};
