import type { FastifyRequest } from "fastify";

/**
 * Anti-forgery wherever the pages are served (decision 0025): whether the browser says a page of
 * another origin made this request, in `Sec-Fetch-Site` or else (Safari before 16.4) `Origin`.
 * A request with neither comes from a program, which has no visitor's browser to ride on.
 * Guards the send call and every staff form that changes something (decision 0044).
 */
export function isFromAnotherOrigin(request: FastifyRequest, siteUrl: string | undefined): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site !== "same-origin";
  const { origin } = request.headers;
  if (origin === undefined) return false;
  // Our own address from the settings, else the Host the proxy passes on: never a header a
  // visitor can write through the proxy (X-Forwarded-Host, decision 0032).
  const ours = siteUrl ? new URL(siteUrl).host : request.headers.host;
  // "null" (a sandboxed frame, a redirect from elsewhere) does not parse.
  return !URL.canParse(origin) || new URL(origin).host !== ours;
}
