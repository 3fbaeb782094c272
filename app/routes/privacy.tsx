import { privacyMeta } from "../content/privacy";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => pageMeta(privacyMeta);

export default function PrivacyPage() {
  return <h1>Privacy</h1>;
}
