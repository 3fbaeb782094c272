import closeWithGrace from "close-with-grace";
import { buildApp } from "./build-app";
import { loadConfigOrExit } from "./config";
import { openEnquiryStore } from "./store/open-enquiry-store";

// Entry point for `npm run serve`. On SIGTERM or SIGINT (or a crash) the app stops accepting,
// finishes in-flight requests and the current delivery, then the store closes. A shutdown that
// hangs is cut off, and a second signal ends it at once, so an orchestrator is never blocked.
const shutdownDeadlineMs = 30_000;

const config = loadConfigOrExit();
// Opening the store can warn (about loose file modes) before the app's logger exists.
const storeWarnings: string[] = [];
const store = await openEnquiryStore(config.databaseUrl, {
  warn: (message) => storeWarnings.push(message),
});
const app = await buildApp(config, { store });
// The project brings its own Node (decision 0016): say which one answers.
app.log.info({ node: process.version }, `running on Node ${process.version}`);
for (const warning of storeWarnings) app.log.warn(warning);

closeWithGrace({ delay: shutdownDeadlineMs, logger: app.log }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, "crashed; shutting down");
  else app.log.info({ signal }, "shutting down");
  await app.close();
  await store.close();
});

await app.listen({ host: config.host, port: config.port });
