import fastifyPlugin from "fastify-plugin";

const permissionsPolicy = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

const hstsHeader = (options: { hsts: boolean }): Record<string, string> =>
  options.hsts ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {};

/**
 * The headers pages and the service's answers carry; a page's own policy replaces the CSP.
 * No Cross-Origin-Opener-Policy: a public page holds nothing another window could take, and
 * the policy cost every visit a browsing context group of its own, that is a cold renderer
 * process on a phone (decision 0023).
 */
export function securityHeaders(options: { hsts: boolean }): Record<string, string> {
  return {
    // Answers that are no page (JSON, redirects) may load and run nothing.
    "content-security-policy":
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": permissionsPolicy,
    "x-frame-options": "DENY",
    ...hstsHeader(options),
  };
}

/**
 * The opener policy of the pages that hold a secret: the editor (a GitHub token) and the
 * insights dashboard (a session). No window of another origin keeps a hold on them, while the
 * sign-in popup the editor opens can still answer it.
 */
export const signedInOpenerPolicy = {
  "cross-origin-opener-policy": "same-origin-allow-popups",
} as const;

/**
 * The headers the site's other files (fonts, images, the manifest) carry. The policies for
 * documents mean nothing to a font or a picture, and on a slow phone connection their 700
 * bytes decide whether the web font arrives in a connection's first round trip
 * (app/lib/web-font.ts). An SVG opened on its own is a document, so it may run nothing, load
 * nothing and be framed by no one.
 */
export function fileSecurityHeaders(options: { hsts: boolean }): Record<string, string> {
  return {
    "content-security-policy":
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    ...hstsHeader(options),
  };
}

/**
 * Adds the security headers to every response. A route that knows better (a page with inline
 * scripts, a file) sets its own Content-Security-Policy first, and this leaves that alone.
 * Answers that set no cache policy of their own (JSON, redirects) are never worth caching.
 */
export const securityHeadersPlugin = fastifyPlugin<{ hsts: boolean }>(async (app, options) => {
  const headers = Object.entries(securityHeaders(options));
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) {
      for (const [name, value] of headers) reply.header(name, value);
    }
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
});
