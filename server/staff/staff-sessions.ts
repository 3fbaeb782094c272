import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { StaffMember } from "../store/schema";
import type { StaffStore } from "../store/staff-store";

// Who may open the staff pages under /admin (decision 0044): the holder of a session cookie whose
// token's hash is in the store, so every instance knows it and signing out, or removing the
// person, ends it at once. Nothing about where a request comes from lets it in (decision 0025).

const sessionCookie = "staff-session";
/** A working day; signing in again takes a code or, later, a passkey. */
export const staffSessionSeconds = 8 * 60 * 60;

/** A secret for a cookie: 256 random bits. */
export const newToken = () => randomBytes(32).toString("base64url");
/** What the store keeps of a token (or of a code with its sign-in's token). */
export const tokenHash = (...parts: string[]) =>
  createHash("sha256").update(parts.join("\n")).digest("hex");

/** A cookie only /admin's pages get, never script, and from our own pages only. */
export const staffCookie = (reply: FastifyReply, path: string, maxAge: number) => ({
  path,
  httpOnly: true,
  sameSite: "strict" as const,
  secure: reply.request.protocol === "https",
  maxAge,
});

export function staffSessions({
  store,
  withoutSignIn,
}: {
  store: StaffStore;
  /** ADMIN_WITHOUT_SIGN_IN: a developer trying the pages on their own machine. */
  withoutSignIn: boolean;
}) {
  const tokenOf = (request: FastifyRequest) => request.cookies[sessionCookie];
  return {
    /** The signed-in person, if the request carries a live session. */
    async signedIn(request: FastifyRequest): Promise<StaffMember | undefined> {
      const token = tokenOf(request);
      return token ? store.sessionOf(tokenHash(token), new Date()) : undefined;
    },
    async allows(request: FastifyRequest) {
      return withoutSignIn || (await this.signedIn(request)) !== undefined;
    },
    async start(reply: FastifyReply, staff: StaffMember) {
      const token = newToken();
      const expires = new Date(Date.now() + staffSessionSeconds * 1000);
      await store.startSession({ tokenHash: tokenHash(token), staffId: staff.id }, expires);
      reply.setCookie(sessionCookie, token, staffCookie(reply, "/admin", staffSessionSeconds));
    },
    async end(request: FastifyRequest, reply: FastifyReply) {
      const token = tokenOf(request);
      if (token) await store.endSession(tokenHash(token));
      reply.clearCookie(sessionCookie, staffCookie(reply, "/admin", 0));
    },
  };
}

export type StaffSessions = ReturnType<typeof staffSessions>;
