import { describe, expect } from "vitest";
import {
  clientId,
  clientSecret,
  goodCode,
  readerCode,
  readerToken,
  token,
} from "../../tests/support/github-stand-in";
import { test } from "../../tests/support/server-test";
import { signInParts, signInTest } from "../../tests/support/sign-in-test";

const fromOutside = { "x-forwarded-for": "203.0.113.9" };
/** Our callback as the service builds it from the Host that `inject` sends. */
const ourCallback = "http://localhost:80/api/cms/callback";

describe("the content editor's GitHub sign-in", () => {
  const it = signInTest;
  const parts = signInParts();

  /**
   * Starts a sign-in as the editor's popup does; returns GitHub's authorize URL and the cookies to send back, as a browser keeps them.
   */
  async function begin(query = "provider=github&scope=repo") {
    const response = await parts.service.app.inject({
      url: `/api/cms/auth?${query}`,
      headers: fromOutside,
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location ?? "");
    const setCookies = [response.headers["set-cookie"] ?? []].flat();
    const cookie = setCookies.map((line) => line.split(";")[0]).join("; ");
    return { location, setCookies, cookie };
  }

  /** GitHub's redirect back to our callback, after the editor agreed on GitHub's page. */
  async function callback(
    begun: Awaited<ReturnType<typeof begin>>,
    code = parts.github.authorize(begun.location),
  ) {
    const state = begun.location.searchParams.get("state") ?? "";
    return parts.service.app.inject({
      url: `/api/cms/callback?code=${code}&state=${encodeURIComponent(state)}`,
      headers: { ...fromOutside, cookie: begun.cookie },
    });
  }

  it("sends the editor to GitHub with the client id, our callback, a one-time state and PKCE", async () => {
    const { location, setCookies, cookie } = await begin();
    expect(`${location.origin}${location.pathname}`).toBe(
      `${parts.github.url}/login/oauth/authorize`,
    );
    expect(location.searchParams.get("client_id")).toBe(clientId);
    expect(location.searchParams.get("redirect_uri")).toBe(ourCallback);
    expect(location.searchParams.get("scope")).toBe("repo");
    const state = location.searchParams.get("state") ?? "";
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(cookie).toContain(`cms-oauth-state=${state}`);
    // GitHub accepts S256 only.
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
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

  it("exchanges GitHub's code with the secret and the verifier, and hands the popup only the editor's token, setting no cookie of ours", async () => {
    const begun = await begin();
    const response = await callback(begun);
    const page = response.body;
    expect(response.statusCode).toBe(200);
    expect(parts.github.exchanges.at(-1)).toMatchObject({
      client_id: clientId,
      client_secret: clientSecret,
      code: goodCode,
      redirect_uri: ourCallback,
      code_verifier: /cms-oauth-verifier=([^;]+)/.exec(begun.cookie)?.[1],
    });
    expect(page).toContain(`authorization:github:success:`);
    expect(page).toContain(token);
    expect(page).not.toContain(clientSecret);
    expect(JSON.stringify(response.headers)).not.toContain(clientSecret);
    expect(String(response.headers["set-cookie"] ?? "")).not.toMatch(/session/);
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
      const response = await parts.service.app.inject({
        url: `/api/cms/callback?${query}`,
        headers,
      });
      const page = response.body;
      expect(response.statusCode, query).toBe(400);
      expect(page).toContain("authorization:github:error:");
      expect(page).not.toContain(token);
    }
    expect(parts.github.exchanges.length).toBe(before);
  });

  it("reports a code GitHub does not accept as an error to the editor", async () => {
    const response = await callback(await begin(), "stale");
    expect(response.statusCode).toBe(502);
    expect(response.body).toContain("authorization:github:error:");
  });

  it("gives a GitHub user who may not push the editor's answer too: GitHub refuses their commits", async () => {
    const begun = await begin();
    const response = await callback(begun, parts.github.authorize(begun.location, readerCode));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(readerToken);
  });
});

test("has no sign-in routes without both GitHub settings", async ({ buildService }) => {
  const { app } = await buildService();
  expect((await app.inject("/api/cms/auth")).statusCode).toBe(404);
});
