import type { FastifyInstance } from "fastify";
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

/**
 * Adds the security headers to every response. A route that knows better (a page with inline
 * scripts) sets its own Content-Security-Policy first, and this leaves it alone.
 */
export function addSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  const defaultPolicy = contentSecurityPolicy([]);
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", defaultPolicy);
    }
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("permissions-policy", permissionsPolicy);
    reply.header("cross-origin-opener-policy", "same-origin");
    reply.header("x-frame-options", "DENY");
    if (options.hsts) {
      reply.header("strict-transport-security", "max-age=63072000; includeSubDomains");
    }
    return payload;
  });
}
