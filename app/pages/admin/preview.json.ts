import type { Preview } from "../../admin/editor";
import { siteConfig } from "../../config";
import { builtContent, placeholders } from "../../content/site-content";

// What the editor's preview (app/admin/editor.tsx) needs beside the entry, as this build has it.
export const GET = async () => {
  const content = await builtContent();
  const { productPage, documents } = content.shellFile();
  const preview: Preview = {
    placeholders: placeholders(),
    supportEmail: siteConfig.supportEmail,
    getInTouch: content.getInTouch(),
    productPage,
    documents,
    studyLabels: content.caseStudiesPage().labels,
    products: content.siteProducts().map(({ slug, path, page }) => ({ slug, path, page })),
  };
  return Response.json(preview);
};
