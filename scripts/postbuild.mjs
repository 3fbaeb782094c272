// Static hosts serve 404.html for paths they do not know. The SPA fallback boots the app,
// whose catch-all route then sends the visitor home (spec: unknown paths redirect to /).
import { copyFile } from "node:fs/promises";

await copyFile("build/client/__spa-fallback.html", "build/client/404.html");
