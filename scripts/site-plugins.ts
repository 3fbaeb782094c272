import type { Plugin } from "vite";
import { contentFiles } from "./content-plugin.ts";
import { webFont } from "./font-plugin.ts";
import { island } from "./island-plugin.ts";
import { publicSettings } from "./public-settings-plugin.ts";

/**
 * The site's own build plugins, one list for the build (vite.config.ts), the unit tests
 * (vitest.config.ts) and the post-build steps (scripts/postbuild.ts): content files as checked
 * data, the public settings, the web font's basic face cut for the copy, and the contact
 * form's island.
 */
export function sitePlugins({ clientDir }: { clientDir: string }): Plugin[] {
  return [contentFiles(), publicSettings(), webFont(), island({ clientDir })];
}
