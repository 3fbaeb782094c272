import type { Logger, Plugin, UserConfig } from "vite";
import { robotsTxt, sitemapXml } from "../app/lib/crawler-files.ts";
import { type PublicSettings, parsePublicSettings } from "../app/public-settings.ts";
import { readSettings } from "../contract/settings-source.ts";

/**
 * The public settings of a build, read as the server reads its own (contract/settings-source.ts).
 * Besides the VITE_ ones, the server settings the privacy statement describes: the retention
 * period, and whether mail and a webhook are configured.
 */
export function loadPublicSettings(config: UserConfig) {
  return parsePublicSettings(readSettings(process.env, config.root));
}

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
      ({ settings, notes, warnings } = loadPublicSettings(config));
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
