import { type Logger, loadEnv, type Plugin, type UserConfig } from "vite";
import { robotsTxt, sitemapXml } from "../app/lib/crawler-files.ts";
import { type PublicSettings, parsePublicSettings } from "../app/public-settings.ts";

/**
 * The public settings of a build, from process.env and the .env files of its mode. Besides the
 * VITE_ ones, the server settings the privacy statement describes: the retention period, and
 * whether mail and a webhook are configured.
 */
export function loadPublicSettings(config: UserConfig, mode: string) {
  const envDir = typeof config.envDir === "string" ? config.envDir : process.cwd();
  return parsePublicSettings(
    loadEnv(mode, envDir, ["VITE_", "ENQUIRY_RETENTION_DAYS", "SMTP_URL", "ENQUIRY_WEBHOOK_URL"]),
  );
}

/**
 * Checks the public VITE_* settings when Vite starts (build, dev server, Vitest): a bad value
 * stops it with a message naming the variable. The checked settings are inlined as
 * __PUBLIC_SETTINGS__ (read by app/config.ts), and a client build gets robots.txt and, when
 * the site's origin is known, sitemap.xml.
 */
export function publicSettings(): Plugin {
  let settings: PublicSettings;
  let warnings: string[] = [];
  let logger: Logger;
  return {
    name: "public-settings",
    config(config, { mode }) {
      ({ settings, warnings } = loadPublicSettings(config, mode));
      return { define: { __PUBLIC_SETTINGS__: JSON.stringify(settings) } };
    },
    configResolved(config) {
      logger = config.logger;
    },
    generateBundle() {
      // The client bundle is written once per build; tools that only read the config (type
      // generation, React Router's own module loading) never get here, so warnings print once.
      if (this.environment.config.consumer !== "client") return;
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
