import { contactMeta } from "../content/contact";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => pageMeta(contactMeta);

export default function ContactPage() {
  return <h1>Contact</h1>;
}
