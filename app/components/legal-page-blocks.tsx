import type { LegalPageFile } from "../content/schemas";
import { Hero } from "./blocks/hero";
import type { GetInTouch } from "./get-in-touch-link";
import { LegalDocument } from "./legal-document";

type LegalPageBlocksProps = {
  content: LegalPageFile;
  getInTouch: GetInTouch;
  supportEmail: string;
};

/** A legal page's blocks, as the page and the editor's preview show them. */
export function LegalPageBlocks({ content, getInTouch, supportEmail }: LegalPageBlocksProps) {
  return (
    <>
      <Hero content={content.hero} getInTouch={getInTouch} />
      <LegalDocument content={content} supportEmail={supportEmail} />
    </>
  );
}
