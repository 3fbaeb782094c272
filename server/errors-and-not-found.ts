import type { FastifyError } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { apiPrefix, assetsPrefix } from "./url-prefixes";

const errorNames: Record<number, string> = {
  400: "invalid_request",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  412: "precondition_failed",
  415: "unsupported_media_type",
  416: "range_not_satisfiable",
  429: "rate_limited",
};

const jsonErrors = new Set(["FST_ERR_CTP_INVALID_JSON_BODY", "FST_ERR_CTP_EMPTY_JSON_BODY"]);

/**
 * Every failure answers with a short JSON name and never echoes the request; an unknown page
 * goes home. Registered before any route: a route keeps the handlers in place when it was added.
 */
export const errorsAndNotFoundPlugin = fastifyPlugin(async (app) => {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const isPage = !path.startsWith(`${apiPrefix}/`) && !path.startsWith(`${assetsPrefix}/`);
    if (isPage && (request.method === "GET" || request.method === "HEAD")) {
      // Requirements §2.1: any other path goes home.
      return reply.redirect("/", 302);
    }
    return reply.code(404).send({ error: "not_found" });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // The headers an error says go with it, such as a 416's Content-Range.
      const { headers } = error as FastifyError & { headers?: Record<string, string> };
      if (headers) reply.headers(headers);
      // A fixed name only: parser messages can quote the body back.
      const brokenJson = jsonErrors.has(error.code) || error instanceof SyntaxError;
      return reply.code(status).send({
        error: brokenJson ? "invalid_json" : (errorNames[status] ?? "bad_request"),
      });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ error: "internal_error" });
  });
});
