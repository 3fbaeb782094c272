import { existsSync } from "node:fs";
import { join } from "node:path";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import { defineConfig } from "astro/config";
import { astroEnvSchema } from "./app/settings.ts";
import { buildSettings } from "./contract/settings.ts";
import { readSettings } from "./contract/settings-source.ts";
import { buildDirectory, siteRootOf } from "./contract/site-build.ts";
import { buildTarget, cssTargets, supportedBrowsers } from "./scripts/browser-targets.ts";
import { site } from "./scripts/site-integration.ts";

// Settings come from the environment, then `.env`, as the server reads them: never from
// `.env.production` and the like, which the server would not see. Checked here, once.
if (existsSync(".env")) process.loadEnvFile(".env");
const settings = buildSettings(readSettings());
const recaptcha = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"];
const browsers = supportedBrowsers(import.meta.dirname);

export default defineConfig({
  srcDir: "app",
  outDir: siteRootOf(buildDirectory()),
  // Each build folder keeps its own content store, so a build from another CONTENT_DIR starts
  // from its own files, not beside entries another build left.
  cacheDir: join(buildDirectory(), "cache"),
  site: settings.VITE_SITE_URL,
  trailingSlash: "never",
  build: { format: "directory", assets: "assets", inlineStylesheets: "always" },
  integrations: [
    react(),
    sitemap(),
    site(
      settings.VITE_SUPPORT_EMAIL
        ? []
        : [
            {
              name: "VITE_SUPPORT_EMAIL",
              leftOut:
                "the site offers no email address (the privacy statement and terms point at the contact page)",
            },
          ],
    ),
  ],
  devToolbar: { enabled: false },
  // No Markdown is rendered; Shiki's inline styles would not pass the pages' policy.
  markdown: { syntaxHighlight: false },
  env: { schema: astroEnvSchema },
  // Every page's policy: Astro adds the hashes of each inline script and style it writes. The
  // server sends the same policy as a header, with what a <meta> cannot carry (frame-ancestors).
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        `connect-src 'self' ${recaptcha[0]}`,
        "frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
        "base-uri 'none'",
        "object-src 'none'",
        "form-action 'self'",
      ],
      scriptDirective: { resources: ["'self'", ...recaptcha] },
    },
  },
  vite: {
    envDir: false,
    // Bundled when the dev server starts, not found on a page's first visit, which would reload
    // that page and lose the visitor's first touch of the form.
    optimizeDeps: { include: ["react-dom/client", "react-hook-form", "zod/mini", "lucide-react"] },
    plugins: [
      {
        name: "island-entries-may-share",
        applyToEnvironment: (environment) => environment.name === "client",
        options: (options) => ({ ...options, preserveEntrySignatures: "allow-extension" }),
      },
    ],
    css: {
      transformer: "lightningcss",
      lightningcss: { drafts: { customMedia: true }, targets: cssTargets(browsers) },
    },
    build: {
      target: buildTarget(browsers),
      cssMinify: "lightningcss",
      // React goes into the renderer's file, which the island fetches beside its own: one round
      // trip on a slow phone, rather than a third file found only once the first two arrive.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: "react",
                test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
              },
            ],
          },
        },
      },
    },
  },
});
