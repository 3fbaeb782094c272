import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import type { Plugin } from "vite";

// `npm run dev` answers the send call too: the enquiry service runs inside the dev server
// (server/dev-service.ts), which hands it every /api request, so the form works end to end from
// one command.

const apiPath = /^\/api(\/|\?|$)/;

export function devEnquiryService(): Plugin {
  let closing: Promise<void> | undefined;
  let close = async () => {};
  return {
    name: "dev-enquiry-service",
    apply: "serve",
    // Called once per environment as the dev server closes.
    async closeBundle() {
      closing ??= close();
      await closing;
    },
    async configureServer(server) {
      // Loaded at run time, as `npm run serve` loads it (tsx), not bundled with this config.
      const entry = pathToFileURL(join(server.config.root, "server/dev-service.ts")).href;
      const { startDevService, devDatabaseUrl }: typeof import("../server/dev-service.ts") =
        await tsImport(entry, import.meta.url);
      const service = await startDevService();
      close = service.close;
      server.config.logger.info(
        `  ➜  Enquiries: /api stores them in ${devDatabaseUrl}; not mailed; no bot check`,
      );

      server.middlewares.use((request, response, next) => {
        if (apiPath.test(request.url ?? "")) return service.handle(request, response);
        next();
      });
    },
  };
}
