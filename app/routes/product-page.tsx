import { useMatches } from "react-router";
import { ProductPageBlocks } from "../components/product-page-blocks";
import { type PageEntry, pageOfRoute } from "../content/page-list";
import { sitePage } from "../content/pages";
import { productPageContent } from "../content/product-page";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/product-page";

// Every product page of the page list (app/content/page-list.ts), each under a route of its own.
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(pageOfRoute("product", matches));

export default function ProductPage() {
  const id = pageOfRoute("product", useMatches());
  const { roundHero }: PageEntry = sitePage(id);
  return <ProductPageBlocks content={productPageContent(id)} roundHero={roundHero} />;
}
