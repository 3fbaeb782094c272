import { Hero } from "../components/blocks/hero";
import { InfoBlock } from "../components/blocks/info-block";
import { InfoListBlock } from "../components/blocks/info-list-block";
import { softwarePage } from "../content/software";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/software";

export const meta: Route.MetaFunction = () => pageMeta("software");

export default function SoftwarePage() {
  return (
    <>
      <Hero content={softwarePage.hero} showGetInTouch />
      <InfoListBlock content={softwarePage.highlights} />
      <InfoBlock items={softwarePage.features} />
    </>
  );
}
