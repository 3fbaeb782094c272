import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";

// The GitHub sign-in of the content editor at /admin (Decap CMS), served by our own service so
// no third-party login proxy sees the editors' tokens. Decap opens <prefix>/auth in a popup; we
// send the editor to GitHub with a one-time state, and GitHub sends them back to <prefix>/callback
// with a code, which we exchange for a token with the client secret. The secret stays here; the
// popup hands only the editor's own token to the editor page, on our origin.
// See docs/decisions/0013-git-based-content-editor.md.

export type CmsAuthOptions = {
  clientId: string;
  clientSecret: string;
  /** GitHub's web origin; a stand-in in tests. */
  oauthUrl: string;
  timeoutMs?: number;
};

const stateCookie = "cms-oauth-state";
const provider = "github";

// The popup's only script: it waits for the editor page's handshake, then answers it with the
// outcome from the JSON block below. Fixed text, so the page's policy can allow it by hash.
const handshakeScript = `const message=document.getElementById("outcome").textContent;const answer=(event)=>{if(event.origin===location.origin&&event.data==="authorizing:${provider}"){window.removeEventListener("message",answer);window.opener.postMessage(JSON.parse(message),location.origin);}};window.addEventListener("message",answer);window.opener&&window.opener.postMessage("authorizing:${provider}",location.origin);`;
const handshakeHash = `'sha256-${createHash("sha256").update(handshakeScript).digest("base64")}'`;

function outcomePage(outcome: { token: string } | { error: string }): string {
  const message =
    "token" in outcome
      ? `authorization:${provider}:success:${JSON.stringify({ token: outcome.token, provider })}`
      : `authorization:${provider}:error:${JSON.stringify({ message: outcome.error })}`;
  // JSON in a data block: "<" escaped so no value can close the element.
  const data = JSON.stringify(message).replaceAll("<", "\\u003c");
  const text = "token" in outcome ? "Signed in. This window closes itself." : outcome.error;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Sign-in</title></head><body><p>${text}</p><script type="application/json" id="outcome">${data}</script><script>${handshakeScript}</script></body></html>`;
}

function sendOutcome(
  reply: FastifyReply,
  status: number,
  outcome: { token: string } | { error: string },
) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .header(
      "content-security-policy",
      `default-src 'none'; script-src ${handshakeHash}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .clearCookie(stateCookie, { path: cookiePath(reply.request) })
    .send(outcomePage(outcome));
}

function cookiePath(request: FastifyRequest): string {
  return request.routeOptions.url?.replace(/\/[^/]*$/, "") || "/";
}

function sameState(cookie: string | undefined, query: unknown): boolean {
  if (!cookie || typeof query !== "string") return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(query);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const cmsAuthPlugin: FastifyPluginAsync<CmsAuthOptions> = async (app, options) => {
  const oauth = options.oauthUrl.replace(/\/$/, "");
  const callbackUrl = (request: FastifyRequest) =>
    `${request.protocol}://${request.host}${cookiePath(request)}/callback`;

  app.get("/auth", async (request, reply) => {
    const state = randomBytes(32).toString("base64url");
    const authorize = new URL(`${oauth}/login/oauth/authorize`);
    authorize.search = new URLSearchParams({
      client_id: options.clientId,
      redirect_uri: callbackUrl(request),
      // Decap commits the editors' changes: it needs write access to the repository.
      scope: "repo",
      state,
    }).toString();
    return reply
      .setCookie(stateCookie, state, {
        path: cookiePath(request),
        httpOnly: true,
        // Lax: the cookie must come back on GitHub's top-level redirect to the callback.
        sameSite: "lax",
        secure: request.protocol === "https",
        maxAge: 600,
      })
      .header("cache-control", "no-store")
      .redirect(authorize.toString(), 302);
  });

  app.get("/callback", async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (!sameState(request.cookies[stateCookie], query.state)) {
      return sendOutcome(reply, 400, {
        error: "The sign-in could not be checked (its state does not match). Please try again.",
      });
    }
    if (typeof query.code !== "string" || query.code === "") {
      return sendOutcome(reply, 400, {
        error: `GitHub did not sign you in${typeof query.error === "string" ? ` (${query.error})` : ""}.`,
      });
    }
    let token: unknown;
    try {
      const response = await fetch(`${oauth}/login/oauth/access_token`, {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({
          client_id: options.clientId,
          client_secret: options.clientSecret,
          code: query.code,
          redirect_uri: callbackUrl(request),
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      token = response.ok
        ? ((await response.json()) as { access_token?: unknown }).access_token
        : undefined;
    } catch (error) {
      request.log.warn({ err: error }, "GitHub sign-in: token exchange failed");
    }
    if (typeof token !== "string" || token === "") {
      return sendOutcome(reply, 502, {
        error: "GitHub did not confirm the sign-in. Please try again.",
      });
    }
    return sendOutcome(reply, 200, { token });
  });
};
