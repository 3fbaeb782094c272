import { Hero } from "../components/blocks/hero";
import { LegalDocument } from "../components/legal-document";
import { privacyPage } from "../content/privacy";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => pageMeta("privacy");

export default function PrivacyPage() {
  return (
    <>
      <Hero content={privacyPage.hero} showGetInTouch />
      <LegalDocument content={privacyPage.legalText} />
    </>
  );
}
