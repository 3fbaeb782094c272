import type { SiteDocument } from "../../../../content/documents";
import { builtContent } from "../../../../content/site-content";
import { servedPdf } from "../../../../lib/served-document";

// Each uploaded document, copied into the build under /assets/ (cached for a year, as a new
// upload gets a new address), named by its title and version; a picture, as a PDF of it.
export const getStaticPaths = async () =>
  (await builtContent()).siteDocuments().map((document) => {
    const [, , , hash, name] = document.href.split("/");
    return { params: { hash, name: name?.replace(/\.pdf$/, "") }, props: { document } };
  });

export const GET = async ({ props: { document } }: { props: { document: SiteDocument } }) =>
  new Response(new Uint8Array(await servedPdf(document)), {
    headers: { "content-type": "application/pdf" },
  });
