import { hkdfSync } from "node:crypto";
import { signerFactory } from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { adminPrefix } from "../url-prefixes";

// Who may open the company's pages under /admin that the service renders itself (the insights
// dashboard): whoever GitHub says may push to the editor's repository, for a short while after
// signing in through the editor's sign-in (cms-auth.ts). Nothing about where a request comes
// from lets it in: a proxy on the same machine connects from loopback too, and may send no
// forwarding header. Only a developer's explicit ADMIN_WITHOUT_SIGN_IN opens the pages.
// See docs/decisions/0025-anti-forgery-from-fetch-metadata.md.

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
  /** Everyone may open the admin pages: a developer's choice, never a default. */
  withoutSignIn?: boolean;
}): AdminSessions {
  const signer = options.clientSecret
    ? signerFactory(Buffer.from(hkdfSync("sha256", options.clientSecret, "", "admin-session", 32)))
    : undefined;
  return {
    canSignIn: signer !== undefined,
    allows(request) {
      if (options.withoutSignIn) return true;
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
