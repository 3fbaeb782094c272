import { type Logger, loadEnv, type Plugin } from "vite";
import { robotsTxt, sitemapXml } from "../app/lib/crawler-files.ts";
import { type PublicSettings, parsePublicSettings } from "../app/public-settings.ts";

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
    config(config, { mode }) {
      const envDir = typeof config.envDir === "string" ? config.envDir : process.cwd();
      // ENQUIRY_RETENTION_DAYS too: the privacy statement states the server's retention period.
      const env = loadEnv(mode, envDir, ["VITE_", "ENQUIRY_RETENTION_DAYS"]);
      ({ settings, notes, warnings } = parsePublicSettings(env));
      return { define: { __PUBLIC_SETTINGS__: JSON.stringify(settings) } };
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
