import type { ImageMetadata } from "astro";
import { siteConfig } from "../config";
import { approvalsOf } from "../content/documents";
import type { Product } from "../content/products";
import type { SiteContent } from "../content/site-content";
import { datasheetPdf } from "./datasheet";
import { siteUrl } from "./site-url";
import { uploadOf } from "./study-photos";

/**
 * A product's datasheet as the build makes it (app/lib/datasheet.tsx), from the content as pages
 * read it: its page and /documents weigh it, and /datasheets/<name>.pdf serves it.
 */
export const builtDatasheet = (content: SiteContent, product: Product<ImageMetadata>) =>
  datasheetPdf({
    product,
    copy: content.shellFile().productPage,
    ...siteConfig,
    company: content.companyDetails(),
    approvals: approvalsOf(product, content.siteDocuments()),
    siteUrl,
    photoFile: product.photo && uploadOf(product.photo.src),
  });
