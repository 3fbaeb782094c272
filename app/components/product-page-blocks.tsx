import type { productPage } from "../content/product-page";
import { Hero } from "./blocks/hero";
import { InfoBlock } from "./blocks/info-block";
import { InfoListBlock } from "./blocks/info-list-block";

type ProductPageBlocksProps = {
  content: ReturnType<typeof productPage>;
  /** The home page's hero: its picture round, and first on narrow screens (requirements §4.1). */
  roundHero?: boolean;
};

/** A product page's blocks, as its route renders them and the editor's preview shows them. */
export function ProductPageBlocks({ content, roundHero = false }: ProductPageBlocksProps) {
  return (
    <>
      <Hero
        content={content.hero}
        showGetInTouch
        roundIllustration={roundHero}
        illustrationFirstWhenNarrow={roundHero}
      />
      <InfoListBlock content={content.highlights} />
      <InfoBlock items={content.features} />
    </>
  );
}
