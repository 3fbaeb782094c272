import { describe, expect } from "vitest";
import { clientId, clientSecret, repo } from "../../tests/support/github-stand-in";
import { startNginx } from "../../tests/support/nginx";
import { rawRequest } from "../../tests/support/raw-request";
import { test } from "../../tests/support/server-test";
import { validEnquiry } from "../../tests/support/test-service";
import { readInsightsReport } from "../insights/insights-report";

// The service on a real port, as docs/operations.md deploys it: a real nginx in front with the
// documented `location` block, and TRUST_PROXY=127.0.0.1 (nginx's own address). Visitors connect
// to nginx from other loopback addresses (127.0.0.2, 127.0.0.3), as from the internet. Whatever a
// visitor writes in X-Forwarded-For or X-Forwarded-Host passes through nginx; none of it may
// become their address or ours.

const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const forged = (n: number) => ({ "x-forwarded-for": `198.51.100.${n}` });

/** A request from a visitor at a loopback address of its own, 127.0.0.2 unless `from` says. */
const send = (url: string, sent: Parameters<typeof rawRequest>[1] = {}) =>
  rawRequest(url, { ...sent, from: sent.from ?? "127.0.0.2" });

/** The send call, from our own page as a browser says it, with `headers` added. */
const post = (url: string, headers: Record<string, string>, from?: string) =>
  send(`${url}/api/Comms/ValidateEmailTokens`, {
    from,
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(validEnquiry()),
  });

/** A send call from a browser without Fetch Metadata (Safari before 16.4): Origin alone. */
const postWithOrigin = (url: string, headers: Record<string, string>) =>
  post(url, headers).then(({ status, text }) => ({ status, json: JSON.parse(text) }));

describe("behind the documented nginx, with TRUST_PROXY=127.0.0.1", () => {
  test("counts a visitor's forged leading X-Forwarded-For against their own rate limit", async ({
    startService,
    closeAfter,
  }) => {
    const service = await startService({
      TRUST_PROXY: "127.0.0.1",
      ENQUIRY_RATE_LIMIT_PER_MINUTE: "5",
    });
    const nginx = closeAfter(await startNginx(service.baseUrl));
    const ourPage = { "sec-fetch-site": "same-origin" };
    const answers = [];
    for (let n = 1; n <= 7; n++) answers.push(await post(nginx.url, { ...ourPage, ...forged(n) }));
    expect(answers.map(({ status }) => status)).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(JSON.parse(answers[6]?.text ?? "")).toEqual({ error: "rate_limited" });
    // Another visitor has a budget of their own.
    expect((await post(nginx.url, ourPage, "127.0.0.3")).status).toBe(201);
  });

  test("counts one visitor however many addresses or hosts they forge", async ({
    startService,
    closeAfter,
  }) => {
    const service = await startService({
      TRUST_PROXY: "127.0.0.1",
      INSIGHTS_FLUSH_SECONDS: "3600",
    });
    const nginx = closeAfter(await startNginx(service.baseUrl));
    const visit = async (from: string, more: Record<string, string>) => {
      const headers = { "user-agent": browser, ...more };
      expect((await send(`${nginx.url}/`, { from, headers })).status).toBe(200);
    };
    for (let n = 1; n <= 4; n++)
      await visit("127.0.0.2", { ...forged(n), "x-forwarded-host": `h${n}.example` });
    await visit("127.0.0.3", {});
    await service.app.close();
    const report = await readInsightsReport(service.store.insights, { days: 1 });
    expect(report).toMatchObject({ pageviews: 5, visitors: 2, visits: 2 });
  });

  test("judges an enquiry's origin by our own address, never by X-Forwarded-Host", async ({
    startService,
    closeAfter,
  }) => {
    // Without SITE_URL: the Host nginx passes on.
    const byHost = await startService({ TRUST_PROXY: "127.0.0.1" });
    const nginx = closeAfter(await startNginx(byHost.baseUrl));
    const evil = { origin: "https://evil.example", "x-forwarded-host": "evil.example" };
    expect(await postWithOrigin(nginx.url, evil)).toEqual({
      status: 403,
      json: { error: "cross_origin_request" },
    });
    expect((await postWithOrigin(nginx.url, { origin: nginx.url })).status).toBe(201);

    // With SITE_URL: that address, whatever the request says.
    const bySetting = await startService({
      TRUST_PROXY: "127.0.0.1",
      SITE_URL: "https://www.amanzi.example",
    });
    const nginx2 = closeAfter(await startNginx(bySetting.baseUrl));
    const forgedOurs = { ...evil, "x-forwarded-host": "www.amanzi.example" };
    expect((await postWithOrigin(nginx2.url, forgedOurs)).status).toBe(403);
    expect((await postWithOrigin(nginx2.url, { origin: nginx2.url })).status).toBe(403);
    const fromSite = { origin: "https://www.amanzi.example" };
    expect((await postWithOrigin(nginx2.url, fromSite)).status).toBe(201);
  });

  test("builds the sign-in's return address from our own address, never from X-Forwarded-Host", async ({
    startService,
    closeAfter,
  }) => {
    const signIn = {
      TRUST_PROXY: "127.0.0.1",
      CMS_GITHUB_CLIENT_ID: clientId,
      CMS_GITHUB_CLIENT_SECRET: clientSecret,
      CMS_GITHUB_REPO: repo,
    };
    const returnAddress = async (proxy: string) => {
      const response = await send(`${proxy}/api/cms/auth`, {
        headers: { "x-forwarded-host": "evil.example" },
      });
      expect(response.status).toBe(302);
      return new URL(response.headers.location ?? "").searchParams.get("redirect_uri");
    };
    const byHost = await startService(signIn);
    expect(byHost.logs.join("")).toContain("SITE_URL is not set");
    const nginx = closeAfter(await startNginx(byHost.baseUrl));
    expect(await returnAddress(nginx.url)).toBe(`${nginx.url}/api/cms/callback`);

    const bySetting = await startService({ ...signIn, SITE_URL: "https://www.amanzi.example" });
    const nginx2 = closeAfter(await startNginx(bySetting.baseUrl));
    expect(await returnAddress(nginx2.url)).toBe("https://www.amanzi.example/api/cms/callback");
  });
});
