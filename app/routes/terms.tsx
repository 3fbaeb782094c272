import { Hero } from "../components/blocks/hero";
import { LegalDocument } from "../components/legal-document";
import { termsPage } from "../content/terms";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => pageMeta("terms");

export default function TermsPage() {
  return (
    <>
      <Hero content={termsPage.hero} showGetInTouch />
      <LegalDocument content={termsPage.legalText} />
    </>
  );
}
