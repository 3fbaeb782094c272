// Content shapes. Pages pass these to the blocks; components hold no copy.

/** An image with its intrinsic size, so the browser reserves its space before it loads. */
export type ImageAsset = {
  src: string;
  /** Empty for decorative images. */
  alt: string;
  width: number;
  height: number;
};

export type HeroContent = {
  /** The small label line above the heading. */
  label: string;
  heading: string;
  /** The larger line under the heading. */
  subheading: string;
  paragraph: string;
  /** The banner's large picture. */
  illustration: ImageAsset;
};

export type InfoBlockItem = {
  /** The row's large picture. */
  illustration: ImageAsset;
  /** The short name of the feature shown above the heading; also names the row's Get in Touch link. */
  featureName: string;
  heading: string;
  paragraph: string;
  bulletPoints?: readonly string[];
};

export type InfoListColumn = {
  /** A small icon above the column's heading. */
  icon: ImageAsset;
  heading: string;
  description: string;
};

export type InfoListContent = {
  heading: string;
  intro: string;
  columns: readonly InfoListColumn[];
};

export type ContactFormContent = {
  heading: string;
  intro: string;
  /** The privacy sentence above the submit button. */
  privacyNote: string;
};

// The long-form legal pages (privacy statement, terms of use).

/** A paragraph, a bulleted list, or a sentence that ends in an email link. */
export type LegalBlock = string | { list: readonly string[] } | { text: string; email: string };

export type LegalSection = {
  /** Anchor for the page's contents list; stable, so links to a section keep working. */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
};

export type LegalDocumentContent = {
  /** Heading of the contents list at the top of the document. */
  contentsLabel: string;
  /** Opening paragraphs before the first section. */
  introduction: readonly string[];
  sections: readonly LegalSection[];
};
