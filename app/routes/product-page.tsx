import { useMatches } from "react-router";
import { Hero } from "../components/blocks/hero";
import { InfoBlock } from "../components/blocks/info-block";
import { InfoListBlock } from "../components/blocks/info-list-block";
import { type PageEntry, pageOfRoute } from "../content/page-list";
import { sitePage } from "../content/pages";
import { productPageContent } from "../content/product-page";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/product-page";

// Every product page of the page list (app/content/page-list.ts), each under a route of its own.
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(pageOfRoute("product", matches));

export default function ProductPage() {
  const id = pageOfRoute("product", useMatches());
  const { hero, highlights, features } = productPageContent(id);
  const { roundHero: round = false }: PageEntry = sitePage(id);
  return (
    <>
      <Hero
        content={hero}
        showGetInTouch
        roundIllustration={round}
        illustrationFirstWhenNarrow={round}
      />
      <InfoListBlock content={highlights} />
      <InfoBlock items={features} />
    </>
  );
}
