import { rename, rm, rmdir } from "node:fs/promises";
import { join } from "node:path";

/**
 * Static hosts serve 404.html for paths they do not know. The catch-all route is prerendered at
 * /404 (react-router.config.ts) as a page with no script that refreshes to home; it becomes
 * 404.html, so /404 itself is not a page. React Router's SPA fallback would boot the whole app
 * just to redirect, so it is not shipped.
 */
export async function placeNotFoundPage(client: string): Promise<void> {
  await rename(join(client, "404", "index.html"), join(client, "404.html"));
  await rmdir(join(client, "404"));
  await rm(join(client, "__spa-fallback.html"), { force: true });
}
