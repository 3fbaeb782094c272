import { termsMeta } from "../content/terms";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => pageMeta(termsMeta);

export default function TermsPage() {
  return <h1>Terms</h1>;
}
