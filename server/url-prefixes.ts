/** Where the service's JSON calls live; everything else is the site. */
export const apiPrefix = "/api";
/** The build's content-hashed files, which may be cached for good. */
export const assetsPrefix = "/assets";
/** The content editor (Sveltia CMS), built into the site by scripts/content-plugin.ts. */
export const adminPrefix = "/admin";
