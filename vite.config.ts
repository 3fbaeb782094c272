import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { contentFiles } from "./scripts/content-plugin.ts";
import { publicSettings } from "./scripts/public-settings-plugin.ts";

export default defineConfig({
  plugins: [contentFiles(), publicSettings(), reactRouter()],
  css: {
    // Lightning CSS resolves @custom-media, so the 768 px breakpoint is named once (app/styles/media.css).
    transformer: "lightningcss",
    lightningcss: { drafts: { customMedia: true } },
  },
  build: { cssMinify: "lightningcss" },
});
