import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { type PageEntry, pageList, routeModules } from "./content/page-list";

/**
 * A route per page of a list, rendered by its kind's module; the route's id is the page's, which
 * is how a module shared by several pages knows which one it renders.
 */
export function pageRoutes(pages: readonly PageEntry[]): RouteConfigEntry[] {
  return pages.map(({ id, path, kind }) =>
    path === "/"
      ? index(routeModules[kind], { id })
      : route(path.slice(1), routeModules[kind], { id }),
  );
}

export default [...pageRoutes(pageList), route("*", "routes/not-found.tsx")] satisfies RouteConfig;
