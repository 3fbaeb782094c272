/** Returns the page with its module preloads removed and its app started on first use of its form. */
export function startAppOnFirstUse(html: string): string;
