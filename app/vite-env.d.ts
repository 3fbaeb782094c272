/// <reference types="vite/client" />

/** The checked public settings, inlined at build time by scripts/public-settings-plugin.ts. */
declare const __PUBLIC_SETTINGS__: import("./public-settings").PublicSettings;

/** The characters of the web font's basic face, cut for the content by scripts/font-plugin.ts. */
declare const __BASIC_FONT_CHARACTERS__: string;

/** The contact form's island, built by scripts/island-plugin.ts. */
declare module "virtual:island" {
  /** URL of the island's module, one file. */
  export const islandModule: string;
  /** Source of the inline script that loads it on the form's first use. */
  export const islandLoader: string;
}
