// Pages that moved: a product whose address changed keeps its former ones, which lead to its page
// now (301). The build writes them from its content to this file in the client folder
// (app/pages/redirects.json.ts); the server reads it once at startup (server/site/static-site.ts).

export const redirectsFile = "redirects.json";

/** Each former path, and the path it leads to now. */
export type Redirects = Record<string, string>;
