/** Returns a function that inlines a page's critical CSS and defers its stylesheets. */
export function criticalCssInliner(siteRoot: string): (html: string) => Promise<string>;
