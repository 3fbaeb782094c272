import type { Config } from "@react-router/dev/config";

// Static site: every route is rendered to HTML at build time and hydrated in the browser.
export default {
  ssr: false,
  prerender: true,
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
