import { retentionStatement } from "../../contract/retention";
import { siteConfig } from "../config";
import { heroContent } from "./pictures";
import { pictureAsset } from "./product-page";
import type { LegalBlockFile, LegalPageFile } from "./schemas";
import type { LegalBlock, LegalDocumentContent } from "./types";

const { companyName, supportEmail, enquiryRetentionDays } = siteConfig;

/** Copy with the site's settings filled in where the file names them. */
function withSettings(text: string): string {
  return (
    text
      .replaceAll("{companyName}", companyName)
      // The server checks at startup that the built page states its own retention setting.
      .replaceAll("{retentionStatement}", retentionStatement(enquiryRetentionDays))
  );
}

function legalBlock(block: LegalBlockFile): LegalBlock {
  switch (block.type) {
    case "paragraph":
      return withSettings(block.text);
    case "list":
      return { list: block.items.map(withSettings) };
    case "email":
      return { text: withSettings(block.text), email: supportEmail };
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
