import type { Logger, Plugin } from "vite";
import { robotsTxt, sitemapXml } from "../app/lib/crawler-files.ts";
import { type PublicSettings, parsePublicSettings } from "../app/public-settings.ts";
import { readSettings } from "../contract/settings-source.ts";

/**
 * Checks the public VITE_* settings when Vite starts (build, dev server, Vitest): a bad value
 * stops it with a message naming the variable. The checked settings are inlined as
 * __PUBLIC_SETTINGS__ (read by app/config.ts), and a client build gets robots.txt and, when
 * the site's origin is known, sitemap.xml.
 */
export function publicSettings(): Plugin {
  let settings: PublicSettings;
  let notes: string[] = [];
  let warnings: string[] = [];
  let logger: Logger;
  return {
    name: "public-settings",
    config(config) {
      // Read as the server reads its own, ENQUIRY_RETENTION_DAYS included: the privacy
      // statement states the server's retention period.
      ({ settings, notes, warnings } = parsePublicSettings(readSettings(process.env, config.root)));
      return {
        define: { __PUBLIC_SETTINGS__: JSON.stringify(settings) },
        // Vite's own reading of .env files (for import.meta.env) is off: nothing reads them
        // that way, and it would read .env.[mode] files, which the server does not.
        envDir: false,
      };
    },
    configResolved(config) {
      logger = config.logger;
    },
    generateBundle() {
      // The client bundle is written once per build; tools that only read the config (type
      // generation, React Router's own module loading) never get here, so these print once.
      if (this.environment.config.consumer !== "client") return;
      for (const note of notes) logger.info(note);
      for (const warning of warnings) logger.warn(`⚠ ${warning}`);
      this.emitFile({ type: "asset", fileName: "robots.txt", source: robotsTxt(settings.siteUrl) });
      if (settings.siteUrl) {
        this.emitFile({
          type: "asset",
          fileName: "sitemap.xml",
          source: sitemapXml(settings.siteUrl),
        });
      }
    },
  };
}
