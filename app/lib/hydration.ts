import { useContext } from "react";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";

// Only a route that needs behaviour in the browser ships JavaScript. The content pages are
// words, pictures and plain links, so their prerendered HTML carries no script at all; a route
// opts in by exporting `handle = hydrateHandle`.

type HydrationHandle = { hydrate: true };

export const hydrateHandle: HydrationHandle = { hydrate: true };

function asksForHydration(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "hydrate" in handle && !!handle.hydrate;
}

/** True when the document must carry React Router's scripts so the app starts in the browser. */
export function useDocumentHydrates(): boolean {
  const matches = useMatches();
  // With ssr: false React Router also renders an SPA fallback shell and fails the build unless
  // that shell can boot the app. We do not ship it (scripts/postbuild), but it has to build.
  const isSpaFallback = useContext(UNSAFE_FrameworkContext)?.isSpaMode ?? false;
  return isSpaFallback || matches.some((match) => asksForHydration(match.handle));
}
