import type { Config } from "@react-router/dev/config";

// Static site: every route is rendered to HTML at build time and hydrated in the browser.
export default {
  ssr: false,
  // Every static path in app/routes.ts; the catch-all route is left to the SPA fallback.
  prerender: ({ getStaticPaths }) => getStaticPaths(),
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
