import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { pageRoutes } from "./content/page-routes";

export default [
  ...pageRoutes.map((page) =>
    page.path === "/" ? index(page.routeModule) : route(page.path.slice(1), page.routeModule),
  ),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
