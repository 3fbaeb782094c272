import { createHash } from "node:crypto";
import { describe, expect } from "vitest";
import {
  clientId,
  clientSecret,
  goodCode,
  readerCode,
  readerToken,
  token,
} from "../../tests/support/github-stand-in";
import { it } from "../../tests/support/server-test";
import { signInParts, signInTest } from "../../tests/support/sign-in-test";
import { ConfigError, loadConfig } from "../config";

describe("the content editor's GitHub sign-in", () => {
  const it = signInTest;
  const parts = signInParts();

  /**
   * Starts a sign-in as the editor's popup does (or the dashboard's link, with its query);
   * returns GitHub's authorize URL and the cookies to send back, as a browser keeps them.
   */
  async function begin(query = "provider=github&scope=repo") {
    const response = await fetch(`${parts.service.baseUrl}/api/cms/auth?${query}`, {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    const setCookies = response.headers.getSetCookie();
    const cookie = setCookies.map((line) => line.split(";")[0]).join("; ");
    return { response, location, setCookies, cookie };
  }

  /** GitHub's redirect back to our callback, after the editor agreed on GitHub's page. */
  async function callback(
    begun: Awaited<ReturnType<typeof begin>>,
    code = parts.github.authorize(begun.location),
  ) {
    const state = begun.location.searchParams.get("state") ?? "";
    return fetch(
      `${parts.service.baseUrl}/api/cms/callback?code=${code}&state=${encodeURIComponent(state)}`,
      { headers: { cookie: begun.cookie }, redirect: "manual" },
    );
  }

  const sessionCookieOf = (response: Response) =>
    response.headers.getSetCookie().find((line) => line.startsWith("admin-session="));

  it("sends the editor to GitHub with the client id, our callback, a one-time state and a PKCE challenge", async () => {
    const { location, setCookies, cookie } = await begin();
    expect(`${location.origin}${location.pathname}`).toBe(
      `${parts.github.url}/login/oauth/authorize`,
    );
    expect(location.searchParams.get("client_id")).toBe(clientId);
    expect(location.searchParams.get("redirect_uri")).toBe(
      `${parts.service.baseUrl}/api/cms/callback`,
    );
    expect(location.searchParams.get("scope")).toBe("repo");
    const state = location.searchParams.get("state") ?? "";
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(cookie).toContain(`cms-oauth-state=${state}`);
    // GitHub accepts S256 only; the verifier itself stays in an HttpOnly cookie of ours.
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    const verifier = /cms-oauth-verifier=([^;]+)/.exec(cookie)?.[1] ?? "";
    expect(location.searchParams.get("code_challenge")).toBe(
      createHash("sha256").update(verifier).digest("base64url"),
    );
    expect(location.toString()).not.toContain(verifier);
    expect(setCookies).toHaveLength(2);
    for (const line of setCookies) {
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Lax/i);
      expect(line).toMatch(/Path=\/api\/cms(;|$)/);
      expect(line).not.toMatch(/Secure/i);
    }
    expect(location.toString()).not.toContain(clientSecret);
    expect((await begin()).location.searchParams.get("state")).not.toBe(state);
  });

  it("exchanges GitHub's code with the secret and the verifier, and hands the popup only the editor's token", async () => {
    const begun = await begin();
    const response = await callback(begun);
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(parts.github.exchanges.at(-1)).toMatchObject({
      client_id: clientId,
      client_secret: clientSecret,
      code: goodCode,
      redirect_uri: `${parts.service.baseUrl}/api/cms/callback`,
      code_verifier: /cms-oauth-verifier=([^;]+)/.exec(begun.cookie)?.[1],
    });
    expect(page).toContain(`authorization:github:success:`);
    expect(page).toContain(token);
    expect(page).not.toContain(clientSecret);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // Only the page's own fixed handshake script may run, and it answers only our own origin.
    expect(response.headers.get("content-security-policy")).toMatch(
      /^default-src 'none'; script-src 'sha256-[^']+';/,
    );
    expect(page).toContain("location.origin");
    for (const [, header] of response.headers) expect(header).not.toContain(clientSecret);
    // The state and verifier are spent: the callback clears them.
    const cleared = response.headers.getSetCookie().filter((line) => line.startsWith("cms-oauth-"));
    expect(cleared).toHaveLength(2);
    for (const line of cleared) expect(line).toMatch(/Max-Age=0/);
  });

  it("refuses a callback whose state is not the one it set, without asking GitHub", async () => {
    const { cookie, location } = await begin();
    const state = location.searchParams.get("state") ?? "";
    const code = parts.github.authorize(location);
    const before = parts.github.exchanges.length;
    for (const [query, headers] of [
      [`code=${code}&state=forged-state`, { cookie }],
      [`code=${code}&state=${encodeURIComponent(state)}`, {}],
      [`code=${code}`, { cookie }],
    ] as const) {
      const response = await fetch(`${parts.service.baseUrl}/api/cms/callback?${query}`, {
        headers,
      });
      const page = await response.text();
      expect(response.status, query).toBe(400);
      expect(page).toContain("authorization:github:error:");
      expect(page).not.toContain(token);
    }
    expect(parts.github.exchanges.length).toBe(before);
  });

  it("reports a code GitHub does not accept as an error to the editor", async () => {
    const begun = await begin();
    const response = await callback(begun, "stale");
    expect(response.status).toBe(502);
    expect(await response.text()).toContain("authorization:github:error:");
  });

  it("gets no token for a code taken without the verifier that began the sign-in", async () => {
    const begun = await begin();
    const code = parts.github.authorize(begun.location);
    // Someone who intercepted the code begins a sign-in of their own and brings it back there.
    const theirs = await begin();
    const state = theirs.location.searchParams.get("state") ?? "";
    const response = await fetch(
      `${parts.service.baseUrl}/api/cms/callback?code=${code}&state=${encodeURIComponent(state)}`,
      { headers: { cookie: theirs.cookie } },
    );
    const page = await response.text();
    expect(response.status).toBe(502);
    expect(page).not.toContain(token);
  });

  it("gives an editor who may push to the repository a short, strict admin session", async () => {
    const response = await callback(await begin());
    expect(response.status).toBe(200);
    const session = sessionCookieOf(response) ?? "";
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Strict/i);
    expect(session).toMatch(/Path=\/admin(;|$)/);
    expect(session).toMatch(/Max-Age=7200/);
    expect(session).not.toContain(token);
  });

  it("gives a GitHub user who may not push the editor's answer but no admin session", async () => {
    const begun = await begin();
    const response = await callback(begun, parts.github.authorize(begun.location, readerCode));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(readerToken);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it("signs in to the insights in a whole page, without handing the token to the page", async () => {
    const begun = await begin("for=insights");
    expect(begun.location.searchParams.get("state")).toMatch(/\.insights$/);
    const response = await callback(begun);
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(sessionCookieOf(response)).toBeDefined();
    expect(page).toContain('href="/admin/insights"');
    expect(page).not.toContain(token);
    expect(page).not.toContain("<script");

    const reader = await begin("for=insights");
    const refused = await callback(reader, parts.github.authorize(reader.location, readerCode));
    expect(refused.status).toBe(403);
    expect(sessionCookieOf(refused)).toBeUndefined();
    expect(await refused.text()).not.toContain(readerToken);
  });
});

describe("without both GitHub settings", () => {
  it("has no sign-in routes", async ({ startService }) => {
    const service = await startService();
    const response = await fetch(`${service.baseUrl}/api/cms/auth`, { redirect: "manual" });
    expect(response.status).toBe(404);
  });

  it("refuses to start with only one of them, naming the missing one", () => {
    expect(() => loadConfig({ CMS_GITHUB_CLIENT_ID: clientId })).toThrow(ConfigError);
    expect(() => loadConfig({ CMS_GITHUB_CLIENT_ID: clientId })).toThrow(
      /CMS_GITHUB_CLIENT_SECRET/,
    );
  });
});
