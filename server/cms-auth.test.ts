import { createServer, type Server } from "node:http";
import { describe, expect } from "vitest";
import { close, part, test } from "../tests/support/server-test";
import { startTestService, type TestService } from "../tests/support/test-service";
import { ConfigError, loadConfig } from "./config";

const clientId = "editor-app-id";
const clientSecret = "editor-app-secret-never-in-a-page";
const goodCode = "code-from-github";
const token = "gho_editors-own-token";

/** Plays GitHub's OAuth token endpoint on loopback, recording what it was sent. */
async function startGitHubStandIn() {
  const exchanges: Record<string, string>[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/login/oauth/access_token") {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, string>;
      exchanges.push(body);
      const valid =
        body.client_id === clientId &&
        body.client_secret === clientSecret &&
        body.code === goodCode;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          valid
            ? { access_token: token, token_type: "bearer" }
            : { error: "bad_verification_code" },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("stand-in has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    exchanges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// GitHub's stand-in and a service signing in with it, shared by the sign-in tests.
const it = test
  .extend("github", { scope: "file" }, part(startGitHubStandIn, close))
  .extend("editorService", { scope: "file" }, async ({ github }, { onCleanup }) => {
    const service = await startTestService({
      CMS_GITHUB_CLIENT_ID: clientId,
      CMS_GITHUB_CLIENT_SECRET: clientSecret,
      CMS_GITHUB_OAUTH_URL: github.url,
    });
    onCleanup(() => service.close());
    return service;
  });

describe("the content editor's GitHub sign-in", () => {
  let github: Awaited<ReturnType<typeof startGitHubStandIn>>;
  let service: TestService;

  it.beforeAll(({ github: standIn, editorService }) => {
    github = standIn;
    service = editorService;
  });

  /** Starts a sign-in as Decap's popup does; returns GitHub's authorize URL and the state cookie. */
  async function begin() {
    const response = await fetch(`${service.baseUrl}/api/cms/auth?provider=github&scope=repo`, {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    return { response, location, cookie };
  }

  it("sends the editor to GitHub with the client id, our callback and a one-time state", async () => {
    const { response, location, cookie } = await begin();
    expect(`${location.origin}${location.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(location.searchParams.get("client_id")).toBe(clientId);
    expect(location.searchParams.get("redirect_uri")).toBe(`${service.baseUrl}/api/cms/callback`);
    const state = location.searchParams.get("state") ?? "";
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(cookie).toBe(`cms-oauth-state=${state}`);
    expect(response.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(response.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
    expect(response.headers.get("location")).not.toContain(clientSecret);
    expect((await begin()).location.searchParams.get("state")).not.toBe(state);
  });

  it("exchanges GitHub's code with the secret and hands the popup only the editor's token", async () => {
    const { location, cookie } = await begin();
    const state = location.searchParams.get("state");
    const response = await fetch(
      `${service.baseUrl}/api/cms/callback?code=${goodCode}&state=${state}`,
      { headers: { cookie } },
    );
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(github.exchanges.at(-1)).toMatchObject({
      client_id: clientId,
      client_secret: clientSecret,
      code: goodCode,
      redirect_uri: `${service.baseUrl}/api/cms/callback`,
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
  });

  it("refuses a callback whose state is not the one it set, without asking GitHub", async () => {
    const { cookie } = await begin();
    const before = github.exchanges.length;
    for (const [query, headers] of [
      [`code=${goodCode}&state=forged-state`, { cookie }],
      [`code=${goodCode}&state=${cookie.split("=")[1]}`, {}],
      [`code=${goodCode}`, { cookie }],
    ] as const) {
      const response = await fetch(`${service.baseUrl}/api/cms/callback?${query}`, { headers });
      const page = await response.text();
      expect(response.status, query).toBe(400);
      expect(page).toContain("authorization:github:error:");
      expect(page).not.toContain(token);
    }
    expect(github.exchanges.length).toBe(before);
  });

  it("reports a code GitHub does not accept as an error to the editor", async () => {
    const { location, cookie } = await begin();
    const response = await fetch(
      `${service.baseUrl}/api/cms/callback?code=stale&state=${location.searchParams.get("state")}`,
      { headers: { cookie } },
    );
    expect(response.status).toBe(502);
    expect(await response.text()).toContain("authorization:github:error:");
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
