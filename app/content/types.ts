// Content shapes as the blocks take them. Pages pass these to the blocks; components hold no
// copy. Each is its content file's shape (app/content/schemas.ts) with named pictures resolved
// to their SVG markup and legal text blocks in the form the legal document renders.
import type { ContactPageFile, HeroFile, LegalPageFile, ProductPageFile } from "./schemas";

/** An SVG drawn in the page: its root element's attributes as React props, and its content. */
export type InlineSvg = { attributes: Record<string, string>; markup: string };

/** A picture with its intrinsic size, so the browser reserves its space as it lays it out. */
export type ImageAsset = {
  svg: InlineSvg;
  /** Empty for decorative images. */
  alt: string;
  width: number;
  height: number;
};

export type HeroContent = Omit<HeroFile, "illustration"> & {
  /** The banner's large picture. */
  illustration: ImageAsset;
};

type FeatureFile = ProductPageFile["features"][number];

export type InfoBlockItem = Omit<FeatureFile, "illustration" | "bulletPoints"> & {
  /** The row's large picture. */
  illustration: ImageAsset;
  bulletPoints?: readonly string[];
};

type ColumnFile = ProductPageFile["highlights"]["columns"][number];

export type InfoListColumn = Omit<ColumnFile, "icon"> & {
  /** A small icon above the column's heading. */
  icon: ImageAsset;
};

export type InfoListContent = Omit<ProductPageFile["highlights"], "columns"> & {
  columns: readonly InfoListColumn[];
};

export type ContactFormContent = ContactPageFile["formBlock"];

// The long-form legal pages (privacy statement, terms of use).

/** A paragraph, a bulleted list, or a sentence that ends in an email link. */
export type LegalBlock = string | { list: readonly string[] } | { text: string; email: string };

export type LegalSection = Omit<LegalPageFile["sections"][number], "blocks"> & {
  blocks: readonly LegalBlock[];
};

export type LegalDocumentContent = Pick<LegalPageFile, "contentsLabel"> & {
  /** Opening paragraphs before the first section. */
  introduction: readonly string[];
  sections: readonly LegalSection[];
};
