import { retentionStatement } from "../../contract/retention";
import { siteConfig } from "../config";
import { heroContent } from "./pictures";
import { pictureAsset } from "./product-page";
import type { LegalBlockFile, LegalPageFile } from "./schemas";
import type { LegalBlock, LegalDocumentContent } from "./types";

const { companyName, supportEmail, enquiryRetentionDays } = siteConfig;

/** Copy with the site's settings filled in where the file names them. */
export function withSettings(text: string): string {
  return text.replaceAll("{companyName}", companyName);
}

function legalBlock(block: LegalBlockFile): LegalBlock {
  switch (block.type) {
    case "paragraph":
      return withSettings(block.text);
    case "list":
      return { list: block.items.map(withSettings) };
    case "email":
      return { text: withSettings(block.text), email: supportEmail };
    case "retention":
      // Worded from the server's setting: the server checks at startup that the built page says it.
      return retentionStatement(enquiryRetentionDays);
  }
}

/** A legal page's copy as the page renders it, with the site's settings filled in. */
export function legalPage({ hero, contentsLabel, introduction, sections }: LegalPageFile) {
  const legalText: LegalDocumentContent = {
    contentsLabel,
    introduction: introduction.map(withSettings),
    sections: sections.map(({ id, heading, blocks }) => ({
      id,
      heading,
      blocks: blocks.map(legalBlock),
    })),
  };
  return { hero: heroContent(hero, pictureAsset), legalText } as const;
}
