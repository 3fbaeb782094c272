import { join } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import routerConfig from "./react-router.config.ts";
import { island } from "./scripts/island-plugin.ts";
import { publicSettings } from "./scripts/public-settings-plugin.ts";

export default defineConfig({
  plugins: [
    publicSettings(),
    island({
      module: "app/features/contact/start-enquiry-island.tsx",
      loader: "app/features/contact/island-loader-script.ts",
      clientDir: join(routerConfig.buildDirectory, "client"),
    }),
    reactRouter(),
  ],
  css: {
    // Lightning CSS resolves @custom-media, so the 768 px breakpoint is named once (app/styles/media.css).
    transformer: "lightningcss",
    lightningcss: { drafts: { customMedia: true } },
  },
  build: { cssMinify: "lightningcss" },
});
