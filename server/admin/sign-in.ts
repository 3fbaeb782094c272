import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fastifyOauth2, { type OAuth2Namespace } from "@fastify/oauth2";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";

// The editor's GitHub sign-in, on our own service so no third-party proxy sees the editors'
// tokens (decisions 0013, 0022): /api/cms/auth, in the editor's popup, to GitHub and back to
// /api/cms/callback, by @fastify/oauth2 with state and PKCE. It opens the editor only: staff
// pages take a staff session (server/staff/, decision 0044).

declare module "fastify" {
  interface FastifyInstance {
    githubSignIn: OAuth2Namespace;
  }
}

const stateCookie = "cms-oauth-state";

class StateMismatch extends Error {}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A sign-in page: never stored, sent with no referrer, running nothing but one script by hash. */
function sendPage(reply: FastifyReply, status: number, head: string, body: string, script = "") {
  const hash = createHash("sha256").update(script).digest("base64");
  const scriptSrc = script ? `script-src 'sha256-${hash}'; ` : "";
  return reply
    .code(status)
    .headers({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "content-security-policy": `default-src 'none'; ${scriptSrc}base-uri 'none'; frame-ancestors 'none'`,
    })
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in</title>${head}</head><body>${body}${script ? `<script>${script}</script>` : ""}</body></html>`,
    );
}

// The popup's side of Decap's and Sveltia's protocol: it announces "authorizing:github" to the
// editor page, and answers its echo with "authorization:github:success:{…}" (or :error:).
const handshake = `const message=document.getElementById("outcome").textContent;const answer=(event)=>{if(event.origin===location.origin&&event.data==="authorizing:github"){window.removeEventListener("message",answer);window.opener.postMessage(JSON.parse(message),location.origin);}};window.addEventListener("message",answer);window.opener&&window.opener.postMessage("authorizing:github",location.origin);`;

function sendPopupOutcome(reply: FastifyReply, status: number, token?: string, error = "") {
  const message = token
    ? `authorization:github:success:${JSON.stringify({ token, provider: "github" })}`
    : `authorization:github:error:${JSON.stringify({ message: error })}`;
  // "<" escaped, so no value can close the element.
  const data = JSON.stringify(message).replaceAll("<", "\\u003c");
  const text = token ? "Signed in. This window closes itself." : error;
  const body = `<p>${escapeHtml(text)}</p><script type="application/json" id="outcome">${data}</script>`;
  return sendPage(reply, status, "", body, handshake);
}

export const signInPlugin: FastifyPluginAsync<NonNullable<Config["cmsAuth"]>> = async (
  app,
  options,
) => {
  const timeout = 10_000;
  if (!options.siteUrl)
    app.log.warn(
      "SITE_URL is not set: the sign-in's return address is built from the Host header the proxy passes on; set SITE_URL to the site's public address",
    );
  await app.register(fastifyOauth2, {
    name: "githubSignIn",
    credentials: {
      client: { id: options.clientId, secret: options.clientSecret },
      auth: {
        ...fastifyOauth2.GITHUB_CONFIGURATION,
        tokenHost: options.oauthUrl.replace(/\/$/, ""),
      },
      // GitHub documents the client id and secret as form fields of the token request.
      options: { authorizationMethod: "body" },
      http: { timeout },
    },
    // The editor commits the editors' changes: it needs write access to the repository.
    scope: ["repo"],
    // GitHub accepts S256 only; the verifier never leaves this service.
    pkce: "S256",
    startRedirectPath: "/auth",
    // Our own address from the settings; else the Host the proxy passes on, never a header a
    // visitor writes through it (X-Forwarded-Host).
    callbackUri: (request) =>
      `${options.siteUrl ?? `${request.protocol}://${request.headers.host}`}${app.prefix}/callback`,
    redirectStateCookieName: stateCookie,
    verifierCookieName: "cms-oauth-verifier",
    // Lax: the cookies must come back on GitHub's top-level redirect to the callback.
    cookie: { path: app.prefix, httpOnly: true, sameSite: "lax", secure: "auto", maxAge: 600 },
    generateStateFunction: () => randomBytes(32).toString("base64url"),
    // Compared in constant time: the state is the sign-in's secret against forgery.
    checkStateFunction: async (request: FastifyRequest) => {
      const cookie = Buffer.from(request.cookies[stateCookie] ?? "");
      const state = (request.query as { state?: unknown }).state;
      const given = Buffer.from(typeof state === "string" ? state : "");
      if (!cookie.length || cookie.length !== given.length || !timingSafeEqual(cookie, given))
        throw new StateMismatch();
      return true;
    },
  });

  app.get("/callback", async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const fail = (status: number, error: string) =>
      sendPopupOutcome(reply, status, undefined, error);
    if (typeof query.code !== "string" || query.code === "") {
      const why = typeof query.error === "string" ? ` (${query.error})` : "";
      return fail(400, `GitHub did not sign you in${why}.`);
    }
    let token: unknown;
    try {
      token = (await app.githubSignIn.getAccessTokenFromAuthorizationCodeFlow(request, reply)).token
        .access_token;
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
    return sendPopupOutcome(reply, 200, token);
  });
};
