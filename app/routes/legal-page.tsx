import { useMatches } from "react-router";
import { Hero } from "../components/blocks/hero";
import { LegalDocument } from "../components/legal-document";
import { legalPageContent } from "../content/legal-page";
import { pageOfRoute } from "../content/page-list";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/legal-page";

// Every legal page of the page list (app/content/page-list.ts), each under a route of its own.
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(pageOfRoute("legal", matches));

export default function LegalPage() {
  const { hero, legalText } = legalPageContent(pageOfRoute("legal", useMatches()));
  return (
    <>
      <Hero content={hero} showGetInTouch />
      <LegalDocument content={legalText} />
    </>
  );
}
