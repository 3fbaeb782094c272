import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  css: {
    // Lightning CSS resolves @custom-media, so the 768 px breakpoint is named once (app/styles/media.css).
    transformer: "lightningcss",
    lightningcss: { drafts: { customMedia: true } },
  },
  build: { cssMinify: "lightningcss" },
});
