import { homeMeta } from "../content/home";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => pageMeta(homeMeta);

export default function HomePage() {
  return <h1>Home</h1>;
}
