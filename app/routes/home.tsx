import { Hero } from "../components/blocks/hero";
import { InfoBlock } from "../components/blocks/info-block";
import { InfoListBlock } from "../components/blocks/info-list-block";
import { homePage } from "../content/home";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => pageMeta("home");

export default function HomePage() {
  return (
    <>
      <Hero content={homePage.hero} showGetInTouch roundIllustration illustrationFirstWhenNarrow />
      <InfoListBlock content={homePage.highlights} />
      <InfoBlock items={homePage.features} />
    </>
  );
}
