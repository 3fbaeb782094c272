import type { Config } from "@react-router/dev/config";
import { buildDirectory, siteRootOf } from "./contract/site-build.ts";

// Static site: every route is rendered to HTML at build time and none runs React Router in the
// browser; only the contact form hydrates, as an island (app/lib/hydration.tsx, decision 0011).
export default {
  ssr: false,
  prerender: ({ getStaticPaths }) => [
    ...getStaticPaths(),
    // The catch-all route, once; scripts/postbuild/not-found-page.ts moves it to 404.html for
    // static hosts.
    "/404",
  ],
  buildDirectory: buildDirectory(),
  // Imported only here, so type generation and the dev server do not load the build's tools.
  async buildEnd({ reactRouterConfig }) {
    const { finishBuild } = await import("./scripts/postbuild.ts");
    await finishBuild(siteRootOf(reactRouterConfig.buildDirectory));
  },
} satisfies Config;
