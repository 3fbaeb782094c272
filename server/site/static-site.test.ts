import { describe, expect } from "vitest";
import {
  fixtureAsset,
  fixtureEditorAsset,
  fixtureInlineScript,
  fixturePagePolicy,
  fixtureRedirects,
} from "../../tests/support/fixture-site";
import { close, part, test } from "../../tests/support/server-test";
import { type BuiltService, buildTestService } from "../../tests/support/test-service";

// One service for the file's requests, asked through inject: bodies as sent, never decoded.
const it = test.extend("site", { scope: "file" }, part(buildTestService, close));
let service: BuiltService;
it.beforeAll(({ site }) => {
  service = site;
});

const get = (url: string, headers: Record<string, string> = {}) =>
  service.app.inject({ url, headers });

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
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      // Anti-forgery is the enquiry route's own check: a page served by any static host works.
      expect(response.headers["set-cookie"]).toBeUndefined();
      expect(response.body).toContain(`<h1>${title}</h1>`);
    },
  );

  it("redirects a trailing slash to the clean path, keeping the query", async () => {
    const response = await get("/hardware/?ref=footer");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/hardware?ref=footer");
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
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/");
  });

  // Its headers are every answer's: "adds the fixed headers to %s" and security-headers.test.ts.
  it("answers an undecodable URL with a 400 JSON body", async () => {
    const response = await get("/%E0%A4%A");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "bad_url" });
  });

  it("answers unknown /api/ paths, missing assets and an asset's compressed sibling with a 404 JSON body", async () => {
    for (const path of ["/api/nothing", "/assets/missing-123.js", `${fixtureAsset}.br`]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ error: "not_found" });
    }
    const post = await service.app.inject({ method: "POST", url: "/api/nothing" });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: "not_found" });
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
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe(cache);
    },
  );

  it("answers a refused precondition or range in its JSON shape, keeping the library's headers", async () => {
    const failed = await get(fixtureAsset, { "if-match": '"other"' });
    expect(failed.statusCode).toBe(412);
    expect(failed.json()).toEqual({ error: "precondition_failed" });
    const size = (await get(fixtureAsset, { "accept-encoding": "identity" })).rawPayload.length;
    const unsatisfiable = await get(fixtureAsset, { range: `bytes=${size}-` });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers["content-range"]).toBe(`bytes */${size}`);
    expect(unsatisfiable.json()).toEqual({
      error: "range_not_satisfiable",
    });
  });

  it("sends the content editor's files unindexed", async () => {
    const response = await get(fixtureEditorAsset, { "accept-encoding": "br" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response.headers["cross-origin-opener-policy"]).toBeUndefined();
  });
});

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
    const home = (await get("/")).headers["content-security-policy"];
    expect(home).toBe(`${fixturePagePolicy(fixtureInlineScript)}; frame-ancestors 'none'`);
    // Another page's inline script is not allowed here.
    const hardware = await get("/hardware");
    expect(hardware.headers["content-security-policy"]).not.toBe(home);
  });

  it.each(["/", "/api/nothing", "/healthz", "/no-such-page"])(
    "adds the fixed headers to %s",
    async (path) => {
      const response = await get(path);
      expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["permissions-policy"]).toContain("camera=()");
      // A public document holds nothing for an opener policy to guard (decision 0023).
      expect(response.headers["cross-origin-opener-policy"]).toBeUndefined();
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    },
  );

  it("sends a file that is not a page with a policy that allows it nothing, and no document headers", async () => {
    const conditional: Record<string, string> = { "if-none-match": '"other"' };
    for (const request of [{}, conditional]) {
      const response = await get(fixtureAsset, request);
      expect(response.statusCode).toBe(200);
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
