import type { Config } from "@react-router/dev/config";

// Static site: every route is rendered to HTML at build time. Only routes whose handle asks for
// it (the contact page) start the app in the browser; see app/lib/hydration.ts.
export default {
  ssr: false,
  prerender: ({ getStaticPaths }) => [
    ...getStaticPaths(),
    // The catch-all route, once; scripts/postbuild moves it to 404.html for static hosts.
    "/404",
  ],
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
