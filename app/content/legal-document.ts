// Shapes for the long-form legal pages (privacy statement, terms of use).

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
