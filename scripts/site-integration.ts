import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AstroIntegration } from "astro";
import { tsImport } from "tsx/esm/api";
import { precompress } from "./precompress.ts";

/**
 * What the site adds to Astro: the contact form's loading strategy (`client:first-use`), the
 * enquiry service inside the dev server, and precompressed files in the build.
 */
export function site(): AstroIntegration {
  let closeService = async () => {};
  return {
    name: "site",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({ name: "first-use", entrypoint: "./app/features/contact/first-use.ts" });
      },
      // `npm run dev` answers the send call too: the service runs inside the dev server with its
      // development settings (server/dev-service.ts), loaded as `npm run serve` loads it.
      "astro:server:setup": async ({ server, logger }) => {
        const entry = pathToFileURL(join(server.config.root, "server/dev-service.ts")).href;
        const { startDevService, devDatabaseUrl }: typeof import("../server/dev-service.ts") =
          await tsImport(entry, import.meta.url);
        const service = await startDevService();
        closeService = service.close;
        server.httpServer?.once("close", () => closeService());
        logger.info(`Enquiries: /api stores them in ${devDatabaseUrl}; not mailed; no bot check`);
        server.middlewares.use((request, response, next) => {
          if (/^\/api(\/|\?|$)/.test(request.url ?? "")) service.handle(request, response);
          else next();
        });
      },
      "astro:build:done": async ({ dir, logger }) => {
        const count = await precompress(fileURLToPath(dir));
        logger.info(`precompressed ${count} files (brotli, gzip)`);
      },
    },
  };
}
