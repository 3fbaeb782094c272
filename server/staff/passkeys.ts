import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { StaffStore } from "../store/staff-store";
import { firstStaffPage, passkeyPaths } from "./sign-in-pages";
import { newToken, type StaffSessions, staffCookie, tokenHash } from "./staff-sessions";

// Passkeys for staff who signed in once with a mailed code (decision 0044): WebAuthn by
// @simplewebauthn/server, its browser half (@simplewebauthn/browser) and our few lines that
// drive it served from here as files, so the pages' policy allows script from 'self' only. Each
// challenge is kept in the store under the hash of a cookie's token, for one answer within five
// minutes, so any instance can take the answer.

const challengeCookie = "staff-passkey";
const challengeSeconds = 5 * 60;

// The package's own browser build (a global, no modules), which its exports do not name.
const browserPackage = dirname(createRequire(import.meta.url).resolve("@simplewebauthn/browser"));
const browserBundle = readFileSync(join(browserPackage, "../dist/bundle/index.umd.min.js"), "utf8");
const ourScript = readFileSync(new URL("./passkey-client.js", import.meta.url), "utf8");

type Options = {
  config: Config;
  store: StaffStore;
  sessions: StaffSessions;
  /** Counts a try from the request's network address; whether it is over the hour's limit. */
  overLimit(request: FastifyRequest): Promise<boolean>;
};

export const passkeyRoutes: FastifyPluginAsync<Options> = async (
  app,
  { config, store, sessions, overLimit },
) => {
  /** Our address from the settings, else the Host the proxy passes on (decision 0032). */
  const relyingParty = (request: FastifyRequest) => {
    const origin = config.siteUrl ?? `${request.protocol}://${request.headers.host}`;
    return { origin, rpID: new URL(origin).hostname, rpName: "Staff sign-in" };
  };

  async function issueChallenge(reply: FastifyReply, staffId: string | null, challenge: string) {
    const token = newToken();
    const expires = new Date(Date.now() + challengeSeconds * 1000);
    await store.saveChallenge({ tokenHash: tokenHash(token), staffId, challenge }, expires);
    reply.setCookie(challengeCookie, token, staffCookie(reply, "/admin", challengeSeconds));
  }

  async function takeChallenge(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[challengeCookie];
    reply.clearCookie(challengeCookie, staffCookie(reply, "/admin", 0));
    return token ? store.takeChallenge(tokenHash(token), new Date()) : undefined;
  }

  for (const [path, script] of [
    [passkeyPaths.browserScript, browserBundle],
    [passkeyPaths.ourScript, ourScript],
  ] as const) {
    app.get(path.slice("/admin".length), (_request, reply) =>
      reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(script),
    );
  }

  app.post(passkeyPaths.registerOptions.slice("/admin".length), async (request, reply) => {
    const staff = await sessions.signedIn(request);
    if (!staff) return reply.code(401).send({ error: "sign_in_required" });
    const { rpID, rpName } = relyingParty(request);
    const options = await generateRegistrationOptions({
      rpName,
      rpID,
      userName: staff.email,
      userDisplayName: staff.name,
      userID: new TextEncoder().encode(staff.id),
      attestationType: "none",
      excludeCredentials: await store.passkeysOf(staff.id),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    await issueChallenge(reply, staff.id, options.challenge);
    return options;
  });

  app.post(passkeyPaths.register.slice("/admin".length), async (request, reply) => {
    const staff = await sessions.signedIn(request);
    if (!staff) return reply.code(401).send({ error: "sign_in_required" });
    const challenge = await takeChallenge(request, reply);
    const { origin, rpID } = relyingParty(request);
    const verified =
      challenge?.staffId === staff.id
        ? await verifyRegistrationResponse({
            response: request.body as RegistrationResponseJSON,
            expectedChallenge: challenge.challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
          }).catch(() => undefined)
        : undefined;
    if (!verified?.verified) return reply.code(400).send({ error: "passkey_not_verified" });
    const { credential } = verified.registrationInfo;
    await store.savePasskey(
      {
        id: credential.id,
        staffId: staff.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
      },
      credential.transports ?? [],
      new Date(),
    );
    request.log.info({ staffId: staff.id }, "passkey added");
    return { added: true };
  });

  app.post(passkeyPaths.signInOptions.slice("/admin".length), async (request, reply) => {
    if (await overLimit(request)) return reply.code(429).send({ error: "rate_limited" });
    const { rpID } = relyingParty(request);
    const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred" });
    await issueChallenge(reply, null, options.challenge);
    return options;
  });

  app.post(passkeyPaths.signIn.slice("/admin".length), async (request, reply) => {
    const challenge = await takeChallenge(request, reply);
    const answer = request.body as AuthenticationResponseJSON | undefined;
    const found = typeof answer?.id === "string" ? await store.passkeyById(answer.id) : undefined;
    const { origin, rpID } = relyingParty(request);
    const verified =
      answer && found && challenge && challenge.staffId === null
        ? await verifyAuthenticationResponse({
            response: answer,
            expectedChallenge: challenge.challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
            credential: found.credential,
          }).catch(() => undefined)
        : undefined;
    if (!found || !verified?.verified)
      return reply.code(401).send({ error: "passkey_not_accepted" });
    await store.setPasskeyCounter(found.credential.id, verified.authenticationInfo.newCounter);
    await sessions.start(reply, found.staff);
    request.log.info({ staffId: found.staff.id }, "staff signed in with a passkey");
    return { next: firstStaffPage };
  });
};
