import { randomBytes, timingSafeEqual } from "node:crypto";
import fastifyOauth2, { type OAuth2Namespace } from "@fastify/oauth2";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { adminPrefix } from "../url-prefixes";
import type { AdminSessions } from "./admin-session";
import { sendPopupOutcome, sendSignInAnswer } from "./cms-popup";

// The GitHub sign-in of the content editor at /admin, served by our own service so no
// third-party login proxy sees the editors' tokens. The editor opens <prefix>/auth in a popup;
// @fastify/oauth2 sends them to GitHub with a one-time state and a PKCE challenge (both in
// short-lived cookies), and on <prefix>/callback checks the state and exchanges GitHub's code,
// with the verifier and the client secret, for a token. The secret stays here; the popup hands
// only the editor's own token to the editor page, on our origin (cms-popup.ts).
// The same sign-in opens the insights dashboard (<prefix>/auth?for=insights, a whole-page
// visit): whoever GitHub says may push to the editor's repository gets an admin session.
// See docs/decisions/0013-git-based-content-editor.md and 0022-admin-sign-in-and-insights-dashboard.md.

export type CmsAuthOptions = {
  clientId: string;
  clientSecret: string;
  /** GitHub's web origin; a stand-in in tests. */
  oauthUrl: string;
  /** GitHub's API origin, asked whether the editor may push to `repo`; a stand-in in tests. */
  apiUrl: string;
  /** owner/name the editor commits to; without it nobody gets an admin session. */
  repo?: string;
  sessions: AdminSessions;
  timeoutMs?: number;
};

declare module "fastify" {
  interface FastifyInstance {
    githubSignIn: OAuth2Namespace;
  }
}

const stateCookie = "cms-oauth-state";
/** Where a sign-in goes once GitHub confirms it: back to the editor's popup, or the dashboard. */
const purposes = ["editor", "insights"] as const;
type Purpose = (typeof purposes)[number];

/** The state names its purpose after the random part: the state cookie vouches for both. */
function purposeOf(state: unknown): Purpose {
  const suffix = typeof state === "string" ? state.slice(state.lastIndexOf(".") + 1) : "";
  return purposes.find((purpose) => purpose === suffix) ?? "editor";
}

class StateMismatch extends Error {}

function sameState(cookie: string | undefined, query: unknown): boolean {
  if (!cookie || typeof query !== "string") return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(query);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const cmsAuthPlugin: FastifyPluginAsync<CmsAuthOptions> = async (app, options) => {
  const oauth = options.oauthUrl.replace(/\/$/, "");
  const prefix = app.prefix;
  const timeout = options.timeoutMs ?? 10_000;

  await app.register(fastifyOauth2, {
    name: "githubSignIn",
    credentials: {
      client: { id: options.clientId, secret: options.clientSecret },
      auth: { ...fastifyOauth2.GITHUB_CONFIGURATION, tokenHost: oauth },
      // GitHub documents the client id and secret as form fields of the token request.
      options: { authorizationMethod: "body" },
      http: { timeout },
    },
    // The editor commits the editors' changes: it needs write access to the repository.
    scope: ["repo"],
    // GitHub accepts S256 only (since July 2025); the verifier never leaves this service.
    pkce: "S256",
    startRedirectPath: "/auth",
    callbackUri: (request) => `${request.protocol}://${request.host}${prefix}/callback`,
    redirectStateCookieName: stateCookie,
    verifierCookieName: "cms-oauth-verifier",
    // Lax: the cookies must come back on GitHub's top-level redirect to the callback.
    cookie: { path: prefix, httpOnly: true, sameSite: "lax", secure: "auto", maxAge: 600 },
    generateStateFunction: (request: FastifyRequest) => {
      const { for: purpose } = request.query as Record<string, unknown>;
      return `${randomBytes(32).toString("base64url")}.${purposeOf(purpose)}`;
    },
    checkStateFunction: async (request: FastifyRequest) => {
      const { state } = request.query as Record<string, unknown>;
      if (!sameState(request.cookies[stateCookie], state)) throw new StateMismatch();
      return true;
    },
  });

  /** Whether GitHub says this token's user may push to the editor's repository. */
  async function mayEdit(request: FastifyRequest, token: string): Promise<boolean> {
    if (!options.repo) return false;
    try {
      const response = await fetch(`${options.apiUrl.replace(/\/$/, "")}/repos/${options.repo}`, {
        headers: {
          accept: "application/vnd.github+json",
          authorization: `Bearer ${token}`,
          "user-agent": "water-meter-site",
        },
        signal: AbortSignal.timeout(timeout),
      });
      if (!response.ok) return false;
      const repository = (await response.json()) as { permissions?: { push?: unknown } };
      return repository.permissions?.push === true;
    } catch (error) {
      request.log.warn({ err: error }, "GitHub sign-in: could not check the editor's access");
      return false;
    }
  }

  app.get("/callback", async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const purpose = purposeOf(query.state);
    const fail = (status: number, error: string) =>
      purpose === "editor"
        ? sendPopupOutcome(reply, status, { error })
        : sendSignInPage(reply, status, error);
    if (typeof query.code !== "string" || query.code === "") {
      return fail(
        400,
        `GitHub did not sign you in${typeof query.error === "string" ? ` (${query.error})` : ""}.`,
      );
    }
    let token: unknown;
    try {
      const { token: granted } = await app.githubSignIn.getAccessTokenFromAuthorizationCodeFlow(
        request,
        reply,
      );
      token = granted.access_token;
    } catch (error) {
      if (error instanceof StateMismatch) {
        return fail(
          400,
          "The sign-in could not be checked (its state does not match). Please try again.",
        );
      }
      request.log.warn({ err: error }, "GitHub sign-in: token exchange failed");
    }
    if (typeof token !== "string" || token === "") {
      return fail(502, "GitHub did not confirm the sign-in. Please try again.");
    }
    const allowed = await mayEdit(request, token);
    if (allowed) options.sessions.grant(reply);
    if (purpose === "editor") return sendPopupOutcome(reply, 200, { token });
    if (!allowed) {
      return fail(
        403,
        "This GitHub account may not edit the site, so it cannot see the insights either.",
      );
    }
    return sendSignInPage(reply, 200, "Signed in.", `${adminPrefix}/insights`);
  });
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The dashboard sign-in's last page: a link onwards (followed at once), rather than a redirect,
 * because a SameSite=Strict session cookie set on GitHub's cross-site redirect is only sent on
 * a navigation that starts on our own site.
 */
function sendSignInPage(reply: FastifyReply, status: number, text: string, next?: string) {
  const onwards = next
    ? `<meta http-equiv="refresh" content="0;url=${next}"></head><body><p>${escapeHtml(text)} <a href="${next}">Open the insights</a>.</p>`
    : `</head><body><p>${escapeHtml(text)}</p>`;
  return sendSignInAnswer(
    reply,
    status,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in</title>${onwards}</body></html>`,
  );
}
