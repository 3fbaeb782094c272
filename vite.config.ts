import { join } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import routerConfig from "./react-router.config.ts";
import { buildTarget, cssTargets, supportedBrowsers } from "./scripts/browser-targets.ts";
import { contentFiles } from "./scripts/content-plugin.ts";
import { webFont } from "./scripts/font-plugin.ts";
import { island } from "./scripts/island-plugin.ts";
import { publicSettings } from "./scripts/public-settings-plugin.ts";

// package.json's "browserslist" is the one list of supported browsers (docs/decisions/0014).
const browsers = supportedBrowsers(import.meta.dirname);

export default defineConfig({
  plugins: [
    contentFiles(),
    publicSettings(),
    webFont(),
    island({ clientDir: join(routerConfig.buildDirectory, "client") }),
    reactRouter(),
  ],
  css: {
    // Lightning CSS resolves @custom-media, so the 768 px breakpoint is named once (app/styles/media.css).
    transformer: "lightningcss",
    lightningcss: { drafts: { customMedia: true }, targets: cssTargets(browsers) },
  },
  build: {
    target: buildTarget(browsers),
    cssMinify: "lightningcss",
    // lucide-react marks its modules "use client" for React Server Components, which this
    // site does not use: the directive means nothing to a bundle of prerendered pages.
    rolldownOptions: { checks: { moduleLevelDirective: false } },
  },
});
