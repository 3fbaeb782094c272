import "./production-mode";
import closeWithGrace from "close-with-grace";
import { buildApp } from "./build-app";
import { loadConfigOrExit } from "./config";
import { openEnquiryStore } from "./store/open-enquiry-store";

// `npm run serve`. On SIGTERM or SIGINT (or a crash) the app finishes in-flight requests and the
// current delivery, then the store closes; a shutdown that hangs is cut off after 30 s.
const config = loadConfigOrExit();
// Opening the store can warn (loose file modes) before the app's logger exists.
const storeWarnings: string[] = [];
const store = await openEnquiryStore(config.databaseUrl, {
  warn: (message) => storeWarnings.push(message),
});
const app = await buildApp(config, { store });
app.log.info({ node: process.version }, `running on Node ${process.version}`);
for (const warning of storeWarnings) app.log.warn(warning);

closeWithGrace({ delay: 30_000, logger: app.log }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, "crashed; shutting down");
  else app.log.info({ signal }, "shutting down");
  await app.close();
  await store.close();
});

await app.listen({ host: config.host, port: config.port });
