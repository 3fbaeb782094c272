import { describe, expect } from "vitest";
import {
  fixtureAsset,
  fixtureEditorAsset,
  fixtureInlineScript,
  fixturePagePolicy,
  fixtureRedirects,
} from "../../tests/support/fixture-site";
import { rawRequest } from "../../tests/support/raw-request";
import { close, part, test } from "../../tests/support/server-test";
import { startTestService, type TestService } from "../../tests/support/test-service";

// One service for the file's requests; a test that needs other settings starts its own.
const it = test.extend("site", { scope: "file" }, part(startTestService, close));
let service: TestService;
it.beforeAll(({ site }) => {
  service = site;
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${service.baseUrl}${path}`, { headers, redirect: "manual" });

describe("pages", () => {
  it.each([
    ["/", "Home"],
    ["/hardware", "Hardware"],
    ["/contact", "Contact"],
    ["/hardware/remote-shutoff-valve", "Remote valve"],
  ])(
    "serves %s as its prerendered HTML, to be revalidated, setting no cookie",
    async (path, title) => {
      const response = await get(path, { "accept-encoding": "identity" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      // Anti-forgery is the enquiry route's own check: a page served by any static host works.
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(await response.text()).toContain(`<h1>${title}</h1>`);
    },
  );

  it("redirects a trailing slash to the clean path, keeping the query", async () => {
    const response = await get("/hardware/?ref=footer");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/hardware?ref=footer");
  });

  it.each(Object.entries(fixtureRedirects))(
    "sends a product's former address %s to its page now, %s, for good, keeping the query",
    async (from, to) => {
      for (const url of [`${from}?ref=old`, `${from}/?ref=old`]) {
        const { statusCode, headers } = await service.app.inject(url);
        expect([url, statusCode, headers.location]).toEqual([url, 301, `${to}?ref=old`]);
      }
    },
  );

  // A compressed sibling is never served by its own name either.
  it.each([
    "/no-such-page",
    "/404.html",
    "/index.html",
    "/hardware/index.html",
    "/index.html.gz",
    "/hardware/index.html.br",
    "/favicon.svg.gz",
  ])("sends %s home with a 302 instead of serving it", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });

  // Its headers are every answer's: "adds the fixed headers to %s" and security-headers.test.ts.
  it("answers an undecodable URL with a 400 JSON body", async () => {
    const response = await rawGet("/%E0%A4%A", {});
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body.toString("utf8"))).toEqual({ error: "bad_url" });
  });

  it("answers unknown /api/ paths, missing assets and an asset's compressed sibling with a 404 JSON body", async () => {
    for (const path of ["/api/nothing", "/assets/missing-123.js", `${fixtureAsset}.br`]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: "not_found" });
    }
    const post = await fetch(`${service.baseUrl}/api/nothing`, { method: "POST" });
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ error: "not_found" });
  });
});

describe("assets", () => {
  it.each([
    [fixtureAsset, "public, max-age=31536000, immutable"],
    ["/favicon.svg", "no-cache"],
  ])(
    "caches %s with %s: hashed assets for a year, unhashed files revalidated",
    async (path, cache) => {
      const response = await get(path, { "accept-encoding": "identity" });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe(cache);
    },
  );

  it("answers a refused precondition or range in its JSON shape, keeping the library's headers", async () => {
    const failed = await rawGet(fixtureAsset, { "if-match": '"other"' });
    expect(failed.status).toBe(412);
    expect(JSON.parse(failed.body.toString("utf8"))).toEqual({ error: "precondition_failed" });
    const size = (await rawGet(fixtureAsset, { "accept-encoding": "identity" })).body.length;
    const unsatisfiable = await rawGet(fixtureAsset, { range: `bytes=${size}-` });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers["content-range"]).toBe(`bytes */${size}`);
    expect(JSON.parse(unsatisfiable.body.toString("utf8"))).toEqual({
      error: "range_not_satisfiable",
    });
  });

  it("sends the content editor's files unindexed", async () => {
    const response = await rawGet(fixtureEditorAsset, { "accept-encoding": "br" });
    expect(response.status).toBe(200);
    expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response.headers["cross-origin-opener-policy"]).toBeUndefined();
  });
});

const rawGet = (path: string, headers: Record<string, string>) =>
  rawRequest(`${service.baseUrl}${path}`, { headers });

describe("security headers", () => {
  it("lets only the editor's page show pictures by blob: address, its thumbnails of uploads", async () => {
    const policy = (path: string) =>
      service.app.inject(path).then(({ headers }) => String(headers["content-security-policy"]));
    expect((await policy("/admin")).split("; ")).toContain(
      "img-src 'self' data: blob: https://avatars.githubusercontent.com",
    );
    for (const page of ["/", "/hardware"]) expect(await policy(page)).not.toMatch(/blob:/);
  });

  it("sends each page the policy its <meta> states, with frame-ancestors 'none'", async () => {
    const home = (await get("/")).headers.get("content-security-policy");
    expect(home).toBe(`${fixturePagePolicy(fixtureInlineScript)}; frame-ancestors 'none'`);
    // Another page's inline script is not allowed here.
    const hardware = await get("/hardware");
    expect(hardware.headers.get("content-security-policy")).not.toBe(home);
  });

  it.each(["/", "/api/nothing", "/healthz", "/no-such-page"])(
    "adds the fixed headers to %s",
    async (path) => {
      const response = await get(path);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      // A public document holds nothing for an opener policy to guard (decision 0023).
      expect(response.headers.get("cross-origin-opener-policy")).toBeNull();
      expect(response.headers.get("strict-transport-security")).toBeNull();
    },
  );

  it("sends a file that is not a page with a policy that allows it nothing, and no document headers", async () => {
    const conditional: Record<string, string> = { "if-none-match": '"other"' };
    for (const request of [{}, conditional]) {
      const response = await rawGet(fixtureAsset, request);
      expect(response.status).toBe(200);
      expect(response.headers["content-security-policy"]).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      for (const documentHeader of ["permissions-policy", "x-frame-options", "referrer-policy"]) {
        expect(response.headers[documentHeader], documentHeader).toBeUndefined();
      }
    }
  });
});

// /readyz: server/delivery/delivery-alert.test.ts.
it("answers /healthz", async () => {
  expect(await (await get("/healthz")).json()).toEqual({ status: "ok" });
});
