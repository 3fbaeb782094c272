import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

// Double-submit anti-forgery token. The cookie is readable by the page's script by design: the
// form copies it into the X-XSRF-TOKEN header, which a cross-site page can neither read nor
// set, and SameSite=Strict keeps the cookie off cross-site requests in the first place.

const xsrfCookie = "XSRF-TOKEN";
const xsrfHeader = "x-xsrf-token";

// Every first page view needs a token, so they are cut from a block of random bytes drawn and
// encoded for many at once: one call into the system's generator and one into the encoder per
// 256 tokens, not one each. A token is 43 base64url characters, each 6 random bits: 32 bytes.
const tokenLength = 43;
const tokensPerBlock = 256;
let randomBlock = "";
let used = 0;

function newToken(): string {
  if (used === randomBlock.length) {
    randomBlock = randomBytes((tokenLength * tokensPerBlock * 6) / 8).toString("base64url");
    used = 0;
  }
  used += tokenLength;
  return randomBlock.slice(used - tokenLength, used);
}

/**
 * A Set-Cookie value with a fresh token, or undefined when the request carries one already.
 * The dev server, whose pages Fastify does not serve, passes the parts itself.
 */
export function newXsrfCookie(
  request: Pick<FastifyRequest, "cookies" | "protocol">,
): string | undefined {
  if (request.cookies[xsrfCookie]) return undefined;
  const token = newToken();
  const secure = request.protocol === "https" ? "; Secure" : "";
  return `${xsrfCookie}=${token}; Path=/; SameSite=Strict${secure}`;
}

export function hasValidXsrfToken(request: FastifyRequest): boolean {
  const cookie = request.cookies[xsrfCookie];
  const header = request.headers[xsrfHeader];
  if (!cookie || typeof header !== "string") return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}
