import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import fastifyPlugin from "fastify-plugin";
import type { Config } from "../config";
import type { PluginOptions } from "../plugin-options";

// Our own small plugin rather than @fastify/helmet: helmet has no Permissions-Policy, and adds
// headers we leave out on purpose (decision 0026).

const hsts = ({ hsts }: Pick<Config, "hsts">): Record<string, string> =>
  hsts ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {};

/** Every answer's, a page's own CSP aside; no opener policy: it costs a renderer process (0023). */
export const securityHeaders = (config: Pick<Config, "hsts">): Record<string, string> => ({
  // An answer that is no page (JSON, a redirect) may load and run nothing.
  "content-security-policy":
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy":
    "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()",
  "x-frame-options": "DENY",
  ...hsts(config),
});

/** Pages holding a secret (the editor, the dashboard): their sign-in popup may answer them. */
export const signedInOpenerPolicy = { "cross-origin-opener-policy": "same-origin-allow-popups" };

const filePolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** Other files': a document's policies mean nothing to a font and delay it; an SVG runs nothing. */
export const fileSecurityHeaders = (config: Pick<Config, "hsts">): Record<string, string> => ({
  "content-security-policy": filePolicy,
  "x-content-type-options": "nosniff",
  ...hsts(config),
});

/**
 * Each of these headers a route did not set itself, so a route with a policy of its own (a
 * sign-in page's script hash, its referrer policy) replaces only that; a file keeps its own set.
 * No-store where a route set no cache policy.
 */
export const securityHeadersPlugin = fastifyPlugin<PluginOptions>(async (app, { config }) => {
  const headers = Object.entries(securityHeaders(config));
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.getHeader("content-security-policy") !== filePolicy) {
      for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
});

const clientErrors: Record<string, [status: number, error: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, "request_timeout"],
  HPE_HEADER_OVERFLOW: [431, "headers_too_large"],
};

/**
 * Node's own answer to a request it cannot parse (a bad request line or header), which no hook
 * sees: our JSON shape, with the shared headers (Fastify's `clientErrorHandler`).
 */
export const clientErrorAnswer =
  (config: Pick<Config, "hsts">) => (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const [status, name] = clientErrors[error.code ?? ""] ?? [400, "bad_request"];
    const body = JSON.stringify({ error: name });
    const head = Object.entries({
      ...securityHeaders(config),
      "cache-control": "no-store",
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
      connection: "close",
    }).map(([header, value]) => `${header}: ${value}\r\n`);
    if (socket.writable)
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join("")}\r\n${body}`);
    socket.destroy(error);
  };
