import { hardwareMeta } from "../content/hardware";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/hardware";

export const meta: Route.MetaFunction = () => pageMeta(hardwareMeta);

export default function HardwarePage() {
  return <h1>Hardware</h1>;
}
