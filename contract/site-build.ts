import { dirname, join } from "node:path";
import type { DeliveryChannels } from "./retention.ts";
import { type CheckedSettings, configuredChannels, settingsSchema } from "./settings.ts";
import { readSettings, type Settings } from "./settings-source.ts";

// Where the production build goes is decided here, once: the build writes there
// (astro.config.ts), the server serves its client/ folder unless SITE_ROOT says
// otherwise (server/config.ts), and the browser tests and benches read it.

const defaultBuildDirectory = settingsSchema.shape.BUILD_DIR.parse(undefined);

/** The build folder: BUILD_DIR from the settings (the environment, then `.env`), else build/. */
export function buildDirectory(settings: Settings = readSettings()): string {
  return settings.BUILD_DIR || defaultBuildDirectory;
}

/** The static site inside a build folder: every page, asset and precompressed sibling. */
export function siteRootOf(buildDir: string | undefined): string {
  return join(buildDir || defaultBuildDirectory, "client");
}

/**
 * What the build was made with, written beside its client/ folder (scripts/site-integration.ts)
 * and read by the server at startup, which warns when its own settings say otherwise: the
 * privacy statement states this retention and these channels.
 */
export type BuildManifest = {
  retentionDays: number;
  heldRetentionDays: number;
  channels: DeliveryChannels;
};

/** The manifest of the build whose static site is `siteRoot`. */
export const buildManifestFile = (siteRoot: string) =>
  join(dirname(siteRoot), "build-manifest.json");

/** The manifest for the build's settings (contract/settings.ts, buildSettings). */
export function buildManifestOf(
  settings: Pick<
    CheckedSettings,
    "ENQUIRY_RETENTION_DAYS" | "HELD_RETENTION_DAYS" | "SMTP_URL" | "ENQUIRY_WEBHOOK_URL"
  >,
): BuildManifest {
  const { mail, webhook } = configuredChannels(settings);
  return {
    retentionDays: settings.ENQUIRY_RETENTION_DAYS,
    heldRetentionDays: settings.HELD_RETENTION_DAYS,
    channels: { mail, webhook },
  };
}
