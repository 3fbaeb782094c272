import type { FastifyRequest } from "fastify";
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

export function loggerOptions(config: Pick<Config, "logLevel">, stream?: NodeJS.WritableStream) {
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
    ...(stream ? { stream } : {}),
  };
}
