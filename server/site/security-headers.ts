import { sharedPlugin } from "../shared-plugin";
import { contentSecurityPolicy } from "./content-security-policy";

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

/** The headers every response carries; a page's own policy replaces the default CSP. */
export function securityHeaders(options: { hsts: boolean }): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy([]),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": permissionsPolicy,
    "cross-origin-opener-policy": "same-origin",
    "x-frame-options": "DENY",
    ...(options.hsts ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/**
 * Adds the security headers to every response. A route that knows better (a page with inline
 * scripts) sets its own Content-Security-Policy first, and this leaves it alone. Answers that
 * set no cache policy of their own (JSON, redirects) are never worth caching.
 */
export const securityHeadersPlugin = sharedPlugin<{ hsts: boolean }>(async (app, options) => {
  const headers = Object.entries(securityHeaders(options));
  app.addHook("onSend", async (_request, reply, payload) => {
    for (const [name, value] of headers) {
      if (name !== "content-security-policy" || !reply.hasHeader(name)) reply.header(name, value);
    }
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
});
