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

/** Other files': a document's policies mean nothing to a font and delay it; an SVG runs nothing. */
export const fileSecurityHeaders = (config: Pick<Config, "hsts">): Record<string, string> => ({
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  ...hsts(config),
});

/** These headers where a route set no policy, and no-store where it set no cache policy. */
export const securityHeadersPlugin = fastifyPlugin<PluginOptions>(async (app, { config }) => {
  const headers = securityHeaders(config);
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) reply.headers(headers);
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
});
