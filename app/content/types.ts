// Content shapes from the spec (section 3). Pages pass these to the blocks; components hold no copy.

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
  heading2: string;
  paragraph: string;
  icon: ImageAsset;
};

export type InfoBlockItem = {
  icon: ImageAsset;
  feature: string;
  heading: string;
  paragraph: string;
  bulletPoints?: readonly string[];
};

export type InfoListColumn = {
  icon: ImageAsset;
  subHeading: string;
  subParagraph: string;
};

export type InfoListContent = {
  mainHeading: string;
  mainParagraph: string;
  columns: readonly InfoListColumn[];
};

export type ContactFormContent = {
  heading: string;
  mainParagraph: string;
  /** The privacy sentence above the submit button. */
  subPara1: string;
};

/** Which page a block is on: the spec's homePage / contactPage, everything else is "other". */
export type PageVariant = "home" | "contact" | "other";

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
