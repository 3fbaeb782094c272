/** Returns a function that puts a page's stylesheets whole into its head, in place of their links. */
export function criticalCssInliner(siteRoot: string): (html: string) => Promise<string>;
