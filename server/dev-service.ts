import type { IncomingMessage, ServerResponse } from "node:http";
import { buildApp } from "./build-app";
import { loadConfig } from "./config";
import { openEnquiryStore } from "./store/open-enquiry-store";

// The enquiry service inside `npm run dev` (scripts/site-integration.ts): the defaults,
// whatever .env says, over a SQLite store of its own, with no mail, webhook or bot check, so
// nothing a developer sends leaves the machine or reaches the store `npm start` uses.

/** Kept between sessions (data/ is not committed), so what was sent can be listed afterwards. */
export const devDatabaseUrl = "file:./data/dev-enquiries.db";

export type DevService = {
  /** Answers a request for the service (under /api). */
  handle(request: IncomingMessage, response: ServerResponse): void;
  close(): Promise<void>;
};

export async function startDevService(): Promise<DevService> {
  const store = await openEnquiryStore(devDatabaseUrl);
  // Errors only: the caller says what development leaves out. No build to count pages of.
  const config = loadConfig({ DATABASE_URL: devDatabaseUrl, LOG_LEVEL: "error", INSIGHTS: "off" });
  const app = await buildApp(config, { store, servesSite: false });
  await app.ready();
  return {
    handle: (request, response) => app.routing(request, response),
    async close() {
      await app.close();
      await store.close();
    },
  };
}
