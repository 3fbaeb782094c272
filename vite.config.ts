import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { siteRootOf } from "./contract/site-build.ts";
import routerConfig from "./react-router.config.ts";
import { buildTarget, cssTargets, supportedBrowsers } from "./scripts/browser-targets.ts";
import { devEnquiryService } from "./scripts/dev-enquiry-service.ts";
import { sitePlugins } from "./scripts/site-plugins.ts";

// package.json's "browserslist" is the one list of supported browsers (docs/decisions/0014).
const browsers = supportedBrowsers(import.meta.dirname);

export default defineConfig({
  plugins: [
    ...sitePlugins({ clientDir: siteRootOf(routerConfig.buildDirectory) }),
    reactRouter(),
    devEnquiryService(),
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
    // Rolldown's plugin timings are a warning whenever plugins take most of a build, as the
    // editor's own build (run inside this one) does on a busy machine: nothing to act on.
    rolldownOptions: { checks: { moduleLevelDirective: false, bundlerTimings: false } },
  },
});
