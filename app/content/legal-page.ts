import { siteConfig } from "../config";
import { heroContent } from "./pictures";
import { pictureAsset } from "./product-page";
import type { LegalBlockFile, LegalPageFile } from "./schemas";
import type { LegalBlock, LegalDocumentContent } from "./types";

function legalBlock(block: LegalBlockFile): LegalBlock {
  switch (block.type) {
    case "paragraph":
      return block.text;
    case "list":
      return { list: block.items };
    case "email":
      return { text: block.text, email: siteConfig.supportEmail };
  }
}

/** A legal page's copy as the page renders it. */
export function legalPage({ hero, contentsLabel, introduction, sections }: LegalPageFile) {
  const legalText: LegalDocumentContent = {
    contentsLabel,
    introduction,
    sections: sections.map(({ id, heading, blocks }) => ({
      id,
      heading,
      blocks: blocks.map(legalBlock),
    })),
  };
  return { hero: heroContent(hero, pictureAsset), legalText } as const;
}
