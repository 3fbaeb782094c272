import type { FastifyRequest } from "fastify";
import pinoPretty from "pino-pretty";
import type { Config } from "./config";

// Logs never hold a visitor's personal data: we log no bodies, headers or client addresses, and
// redaction is the safety net. Listed by container, not "*.name", which would hide errors' names.
const redactPaths = ["body", "*.body", "headers", "*.headers"];
for (const field of ["name", "email", "phone", "cell", "message", "token"]) {
  redactPaths.push(field, `body.${field}`, `payload.${field}`, `enquiry.${field}`);
}

/** Pino settings: one readable line per entry on a terminal, JSON for log collectors otherwise. */
export function loggerOptions(
  config: Pick<Config, "logLevel">,
  stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
) {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: "[redacted]" },
    // The path only: a query string can carry anything.
    serializers: { req: ({ method, url }: FastifyRequest) => ({ method, url: url.split("?")[0] }) },
    stream: stream.isTTY
      ? pinoPretty({
          destination: stream,
          singleLine: true,
          translateTime: "SYS:HH:MM:ss.l",
          ignore: "pid,hostname",
        })
      : stream,
  };
}
