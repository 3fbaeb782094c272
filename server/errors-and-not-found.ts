import type { FastifyError } from "fastify";
import fastifyPlugin from "fastify-plugin";

const errorNames: Record<number, string> = {
  400: "invalid_request",
  404: "not_found",
  405: "method_not_allowed",
  412: "precondition_failed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  416: "range_not_satisfiable",
  429: "rate_limited",
};

const brokenJson = new Set(["FST_ERR_CTP_INVALID_JSON_BODY", "FST_ERR_CTP_EMPTY_JSON_BODY"]);

/** Every failure answers a short JSON name and never echoes the request; an unknown page goes home. */
export const errorsAndNotFoundPlugin = fastifyPlugin(async (app) => {
  app.setNotFoundHandler((request, reply) => {
    const isPage = !/^\/(api|assets)\//.test(request.url);
    if (isPage && (request.method === "GET" || request.method === "HEAD"))
      return reply.redirect("/", 302);
    return reply.code(404).send({ error: "not_found" });
  });

  app.setErrorHandler(
    (error: FastifyError & { headers?: Record<string, string> }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status < 400 || status >= 500) {
        request.log.error({ err: error }, "request failed");
        return reply.code(500).send({ error: "internal_error" });
      }
      // The headers an error carries, such as a 416's Content-Range.
      if (error.headers) reply.headers(error.headers);
      // A fixed name only: a parser's message can quote the body back.
      const invalidJson = brokenJson.has(error.code) || error instanceof SyntaxError;
      return reply
        .code(status)
        .send({ error: invalidJson ? "invalid_json" : (errorNames[status] ?? "bad_request") });
    },
  );
});
