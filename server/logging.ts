import type { FastifyRequest } from "fastify";
import pinoPretty from "pino-pretty";
import type { Config } from "./config";

// Logs are for operating the service, so they must never hold a visitor's personal data. We
// never log bodies or headers; the redaction list is the safety net should someone log an
// object holding them by mistake. Client addresses are left out too: they identify a person,
// and the rate limiter needs them only in memory.
const personalFields = ["name", "email", "phone", "cell", "message", "token"];
const redactPaths = [
  "body",
  "*.body",
  "headers",
  "*.headers",
  // Listed by container rather than "*.name": a wildcard would also hide every error's name
  // and message, which operators need.
  ...personalFields.flatMap((field) => [
    field,
    `body.${field}`,
    `payload.${field}`,
    `enquiry.${field}`,
  ]),
];

/**
 * Pino settings for the service. Logs go to `stream` (standard output unless a test passes its
 * own): one readable line per entry when that is a terminal, JSON for log collectors otherwise.
 * Redaction happens before either, so a pretty line hides the same fields.
 */
export function loggerOptions(
  config: Pick<Config, "logLevel">,
  stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
) {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: "[redacted]" },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        // The path only: a query string can carry anything.
        url: request.url.split("?")[0],
      }),
    },
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
