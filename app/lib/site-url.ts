import { VITE_SITE_URL } from "astro:env/server";

/** The site's own address without a trailing slash, for absolute URLs; undefined when not set. */
export const siteUrl = VITE_SITE_URL?.replace(/\/+$/, "");
