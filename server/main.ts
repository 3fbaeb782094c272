import { buildApp } from "./app";
import { loadConfigOrExit } from "./config";

// Entry point for `npm run serve`: read the environment, start, and shut down cleanly on
// SIGTERM/SIGINT (stop accepting, finish in-flight requests and the current delivery, close
// the store). A shutdown that hangs is cut off so the orchestrator's restart is not blocked.
const shutdownDeadlineMs = 30_000;

const config = loadConfigOrExit();

const app = await buildApp(config);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  setTimeout(() => {
    app.log.error("shutdown took too long; exiting");
    process.exit(1);
  }, shutdownDeadlineMs).unref();
  await app.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ host: config.host, port: config.port });
