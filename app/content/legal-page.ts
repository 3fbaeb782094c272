import pages from "virtual:content/legal";
import { siteConfig } from "../config";
import type { PageIdOfKind } from "./page-list";
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

/** A legal page of the site, by its id in the page list. */
export function legalPageContent(id: PageIdOfKind<"legal">) {
  return legalPage(pages[id]);
}
