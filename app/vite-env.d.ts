/// <reference types="vite/client" />

/** The checked public settings, inlined at build time by scripts/public-settings-plugin.ts. */
declare const __PUBLIC_SETTINGS__: import("./public-settings").PublicSettings;
