/** Returns the page with its module preloads removed and its app started after `load`. */
export function startAppAfterLoad(html: string): string;
