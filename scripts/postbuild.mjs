// Static hosts serve 404.html for paths they do not know. The SPA fallback boots the app,
// whose catch-all route then sends the visitor home (spec: unknown paths redirect to /).
import { copyFile } from "node:fs/promises";
import { join } from "node:path";

const client = join(process.env.BUILD_DIR || "build", "client");
await copyFile(join(client, "__spa-fallback.html"), join(client, "404.html"));
