import type { ProductPageFile } from "../content/schemas";
import { Hero } from "./blocks/hero";
import { InfoBlock } from "./blocks/info-block";
import { InfoListBlock } from "./blocks/info-list-block";
import type { GetInTouch } from "./get-in-touch-link";

type ProductPageBlocksProps = {
  content: ProductPageFile;
  getInTouch: GetInTouch;
  /** The home page's round hero picture (requirements §4.1). */
  roundHero?: boolean;
};

/** A product page's blocks, as the page and the editor's preview show them. */
export function ProductPageBlocks({ content, getInTouch, roundHero }: ProductPageBlocksProps) {
  return (
    <>
      <Hero content={content.hero} getInTouch={getInTouch} round={roundHero} />
      <InfoListBlock content={content.highlights} />
      <InfoBlock items={content.features} getInTouch={getInTouch} />
    </>
  );
}
