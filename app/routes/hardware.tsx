import { Hero } from "../components/blocks/hero";
import { InfoBlock } from "../components/blocks/info-block";
import { InfoListBlock } from "../components/blocks/info-list-block";
import { hardwarePage } from "../content/hardware";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/hardware";

export const meta: Route.MetaFunction = () => pageMeta("hardware");

export default function HardwarePage() {
  return (
    <>
      <Hero content={hardwarePage.hero} showGetInTouch />
      <InfoListBlock content={hardwarePage.highlights} />
      <InfoBlock items={hardwarePage.features} />
    </>
  );
}
