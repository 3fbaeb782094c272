import { useMatches } from "react-router";
import { LegalPageBlocks } from "../components/legal-page-blocks";
import { legalPageContent } from "../content/legal-page";
import { pageOfRoute } from "../content/page-list";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/legal-page";

// Every legal page of the page list (app/content/page-list.ts), each under a route of its own.
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(pageOfRoute("legal", matches));

export default function LegalPage() {
  return <LegalPageBlocks content={legalPageContent(pageOfRoute("legal", useMatches()))} />;
}
