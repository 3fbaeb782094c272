import type { FastifyRequest } from "fastify";

// Anti-forgery for the send call, wherever the pages are served (our server, a static host or a
// CDN that routes /api here): what the browser itself says about where the request came from.
// A page on another site can neither set nor hide these headers. See
// docs/decisions/0025-anti-forgery-from-fetch-metadata.md.

/**
 * Whether a browser made this request from a page of another origin. Browsers since 2023 say so
 * in `Sec-Fetch-Site`; older ones (Safari before 16.4) still send `Origin` on every cross-origin
 * POST, which must then name this host. A request with neither comes from a program, not from a
 * visitor's browser, and so cannot be a forgery riding on a visitor.
 */
export function isFromAnotherOrigin(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site !== "same-origin";
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    // "null" (a sandboxed frame, a redirect from elsewhere) or garbage.
    return true;
  }
}
