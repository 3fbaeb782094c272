import type { legalPage } from "../content/legal-page";
import { Hero } from "./blocks/hero";
import { LegalDocument } from "./legal-document";

/** A legal page's blocks, as its route renders them and the editor's preview shows them. */
export function LegalPageBlocks({ content }: { content: ReturnType<typeof legalPage> }) {
  return (
    <>
      <Hero content={content.hero} showGetInTouch />
      <LegalDocument content={content.legalText} />
    </>
  );
}
