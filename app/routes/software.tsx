import { softwareMeta } from "../content/software";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/software";

export const meta: Route.MetaFunction = () => pageMeta(softwareMeta);

export default function SoftwarePage() {
  return <h1>Software</h1>;
}
