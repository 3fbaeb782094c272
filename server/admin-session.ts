import { hkdfSync } from "node:crypto";
import { signerFactory } from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isLoopbackHost } from "./loopback";
import { adminPrefix } from "./url-prefixes";

// Who may open the company's pages under /admin that the service renders itself (the insights
// dashboard): whoever GitHub says may push to the editor's repository, for a short while after
// signing in through the editor's sign-in (server/cms-auth.ts), and anyone working on the
// service on their own machine. See docs/decisions/0022-admin-sign-in-and-insights-dashboard.md.

const cookieName = "admin-session";
/** Short-lived: a session outlives no working day, and nothing revokes it early but a new secret. */
export const adminSessionSeconds = 2 * 60 * 60;

export type AdminSessions = {
  /** Whether this request may see the admin pages. */
  allows(request: FastifyRequest): boolean;
  /** Gives the browser a session (after GitHub confirmed the editor's write access). */
  grant(reply: FastifyReply): void;
  /** Whether anyone can sign in here (the editor's GitHub sign-in is set up). */
  canSignIn: boolean;
};

/**
 * Sessions signed with a key derived from the GitHub client secret, so every instance behind
 * one site agrees without another setting, and a new client secret ends every session.
 */
export function adminSessions(options: {
  clientSecret?: string;
  trustProxy: boolean;
}): AdminSessions {
  const signer = options.clientSecret
    ? signerFactory(Buffer.from(hkdfSync("sha256", options.clientSecret, "", "admin-session", 32)))
    : undefined;
  return {
    canSignIn: signer !== undefined,
    allows(request) {
      if (isLocalDevelopment(request, options.trustProxy)) return true;
      const cookie = request.cookies[cookieName];
      if (!signer || !cookie) return false;
      const { valid, value } = signer.unsign(cookie);
      const expires = Number(/^editor\.(\d+)$/.exec((valid && value) || "")?.[1]);
      return expires > Date.now() / 1000;
    },
    grant(reply) {
      if (!signer) return;
      const expires = Math.floor(Date.now() / 1000) + adminSessionSeconds;
      reply.setCookie(cookieName, signer.sign(`editor.${expires}`), {
        path: adminPrefix,
        httpOnly: true,
        sameSite: "strict",
        secure: reply.request.protocol === "https",
        maxAge: adminSessionSeconds,
      });
    },
  };
}

/**
 * A request from this machine straight to the service, not through a proxy: someone working on
 * the service itself. A proxy on the same machine also connects from loopback, so a request
 * that names another host, or carries a proxy's forwarding header, or reaches a service told it
 * is behind a proxy (TRUST_PROXY), is never one.
 */
function isLocalDevelopment(request: FastifyRequest, trustProxy: boolean): boolean {
  if (trustProxy) return false;
  const { headers } = request;
  if (headers.forwarded || headers["x-forwarded-for"] || headers["x-real-ip"]) return false;
  const peer = (request.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  return isLoopbackHost(peer) && isLoopbackHost(request.hostname);
}
