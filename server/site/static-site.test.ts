import { type IncomingHttpHeaders, request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect } from "vitest";
import {
  fixtureAsset,
  fixtureEditorAsset,
  fixtureInlineScript,
  fixturePagePolicy,
} from "../../tests/support/fixture-site";
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
  ])("serves %s as its prerendered HTML, revalidated by ETag", async (path, title) => {
    const response = await get(path, { "accept-encoding": "identity" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain(`<h1>${title}</h1>`);

    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    // node:http, not fetch: fetch adds Cache-Control: no-cache to conditional requests.
    const again = await rawGet(path, {
      "accept-encoding": "identity",
      "if-none-match": etag ?? "",
    });
    expect(again.status).toBe(304);
  });

  it("redirects a trailing slash to the clean path, keeping the query", async () => {
    const response = await get("/hardware/?ref=footer");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/hardware?ref=footer");
  });

  it.each(["/no-such-page", "/404.html", "/index.html", "/hardware/index.html"])(
    "sends %s home with a 302 instead of serving it",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    },
  );

  it("answers an undecodable URL with a 400 JSON body and the usual headers", async () => {
    const response = await rawGet("/%E0%A4%A", {});
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body.toString("utf8"))).toEqual({ error: "bad_url" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("answers unknown /api/ paths and missing assets with a 404 JSON body", async () => {
    for (const path of ["/api/nothing", "/assets/missing-123.js"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: "not_found" });
    }
    const post = await fetch(`${service.baseUrl}/api/nothing`, { method: "POST" });
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ error: "not_found" });
  });
});

describe("assets and compression", () => {
  it("marks hashed assets immutable for a year", async () => {
    const response = await get(fixtureAsset, { "accept-encoding": "identity" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toBeTruthy();
  });

  it.each([
    ["/", "text/html; charset=utf-8"],
    [fixtureAsset, "application/javascript; charset=utf-8"],
    ["/favicon.svg", "image/svg+xml"],
  ])("sends %s as %s, in every encoding", async (path, type) => {
    for (const encoding of ["identity", "gzip", "br"]) {
      const { headers } = await rawGet(path, { "accept-encoding": encoding });
      expect(headers["content-type"], encoding).toBe(type);
    }
  });

  it("revalidates unhashed files such as the favicon", async () => {
    const response = await get("/favicon.svg");
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it.each([
    ["br, gzip", "br", brotliDecompressSync],
    ["gzip", "gzip", gunzipSync],
  ] as const)(
    "sends the precompressed file for Accept-Encoding %s",
    async (accept, encoding, decode) => {
      const plain = await (await get(fixtureAsset, { "accept-encoding": "identity" })).text();
      const response = await fetch(`${service.baseUrl}${fixtureAsset}`, {
        headers: { "accept-encoding": accept },
      });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("content-type")).toMatch(/javascript/);
      // fetch decodes gzip and br itself, so compare bodies through a raw request too.
      const raw = (await rawGet(fixtureAsset, { "accept-encoding": accept })).body;
      expect(decode(raw).toString("utf8")).toBe(plain);
      expect(raw.length).toBeLessThan(plain.length);
    },
  );

  it("sends an uncompressed page when the client accepts no encoding", async () => {
    const response = await get("/", { "accept-encoding": "identity" });
    expect(response.headers.get("content-encoding")).toBeNull();
  });
});

describe("HEAD, conditional and range requests", () => {
  const bodyHeaders = ["content-type", "content-length", "content-encoding", "etag", "vary"];

  it.each(["/", fixtureAsset])("answers HEAD %s with the GET headers and no body", async (path) => {
    for (const encoding of ["identity", "gzip", "br"]) {
      const get = await rawRequest("GET", path, { "accept-encoding": encoding });
      const head = await rawRequest("HEAD", path, { "accept-encoding": encoding });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of [...bodyHeaders, "cache-control", "content-security-policy"]) {
        expect(head.headers[name], `${name} (${encoding})`).toBe(get.headers[name]);
      }
      expect(Number(head.headers["content-length"])).toBe(get.body.length);
    }
  });

  it("gives each encoding its own ETag, so a cache never pairs one with another's body", async () => {
    const etags = new Set<string | undefined>();
    for (const encoding of ["identity", "gzip", "br"]) {
      etags.add((await rawGet(fixtureAsset, { "accept-encoding": encoding })).headers.etag);
    }
    expect(etags.size).toBe(3);
  });

  it("answers a matching If-None-Match (in a list, weak or *) with a bare 304", async () => {
    const { headers } = await rawGet("/", { "accept-encoding": "br" });
    const etag = headers.etag ?? "";
    // Compared weakly (RFC 9110, 13.1.2): with or without the W/ of our weak ETag.
    for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.replace(/^W\//, ""), "*"]) {
      const response = await rawGet("/", {
        "accept-encoding": "br",
        "if-none-match": ifNoneMatch,
      });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.body.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers.vary).toBe("accept-encoding");
      expect(response.headers["content-security-policy"]).toBe(headers["content-security-policy"]);
    }
    const stale = await rawGet("/", { "accept-encoding": "br", "if-none-match": '"other"' });
    expect(stale.status).toBe(200);
  });

  it("revalidates by date when there is no ETag to compare, and prefers the ETag", async () => {
    const { headers } = await rawGet("/favicon.svg", {});
    const lastModified = headers["last-modified"] ?? "";
    expect(Date.parse(lastModified)).not.toBeNaN();
    const later = new Date(Date.parse(lastModified) + 60_000).toUTCString();
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await rawGet("/favicon.svg", { "if-modified-since": lastModified })).status).toBe(304);
    expect((await rawGet("/favicon.svg", { "if-modified-since": later })).status).toBe(304);
    expect((await rawGet("/favicon.svg", { "if-modified-since": earlier })).status).toBe(200);
    const changed = { "if-none-match": '"other"', "if-modified-since": later };
    expect((await rawGet("/favicon.svg", changed)).status).toBe(200);
  });

  it("refuses a failed If-Match with 412 and a JSON body", async () => {
    const response = await rawGet(fixtureAsset, { "if-match": '"other"' });
    expect(response.status).toBe(412);
    expect(JSON.parse(response.body.toString("utf8"))).toEqual({ error: "precondition_failed" });
    const { headers } = await rawGet(fixtureAsset, {});
    expect((await rawGet(fixtureAsset, { "if-match": headers.etag ?? "" })).status).toBe(200);
  });

  it("sends one byte range of the chosen encoding", async () => {
    const whole = (await rawGet(fixtureAsset, { "accept-encoding": "identity" })).body;
    const size = whole.length;
    const cases = [
      ["bytes=0-9", 0, 9],
      ["bytes=10-", 10, size - 1],
      ["bytes=-5", size - 5, size - 1],
      [`bytes=${size - 3}-${size + 100}`, size - 3, size - 1],
    ] as const;
    for (const [range, first, last] of cases) {
      const part = await rawGet(fixtureAsset, { "accept-encoding": "identity", range });
      expect(part.status, range).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes ${first}-${last}/${size}`);
      expect(part.body).toEqual(whole.subarray(first, last + 1));
    }
    const unsatisfiable = await rawGet(fixtureAsset, { range: `bytes=${size}-` });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers["content-range"]).toBe(`bytes */${size}`);
    // Several ranges, or a range on a representation that changed since: the whole body.
    expect((await rawGet(fixtureAsset, { range: "bytes=0-1,5-6" })).status).toBe(200);
    expect((await rawGet(fixtureAsset, { range: "bytes=0-9", "if-range": '"old"' })).status).toBe(
      200,
    );
  });

  it("refuses a failed If-Unmodified-Since with 412, and honours one that holds", async () => {
    const { headers } = await rawGet(fixtureAsset, {});
    const lastModified = Date.parse(headers["last-modified"] ?? "");
    const at = (ms: number) => new Date(lastModified + ms).toUTCString();
    const failed = await rawGet(fixtureAsset, { "if-unmodified-since": at(-60_000) });
    expect(failed.status).toBe(412);
    expect(JSON.parse(failed.body.toString("utf8"))).toEqual({ error: "precondition_failed" });
    expect((await rawGet(fixtureAsset, { "if-unmodified-since": at(0) })).status).toBe(200);
  });

  it("sends a range of a compressed encoding, and while a dated If-Range holds", async () => {
    const whole = (await rawGet(fixtureAsset, { "accept-encoding": "br" })).body;
    const part = await rawGet(fixtureAsset, { "accept-encoding": "br", range: "bytes=1-4" });
    expect(part.status).toBe(206);
    expect(part.headers["content-encoding"]).toBe("br");
    expect(part.headers["content-range"]).toBe(`bytes 1-4/${whole.length}`);
    expect(part.body).toEqual(whole.subarray(1, 5));

    const { headers } = await rawGet(fixtureAsset, {});
    const lastModified = headers["last-modified"] ?? "";
    const since = (ifRange: string) =>
      rawGet(fixtureAsset, { range: "bytes=0-3", "if-range": ifRange });
    expect((await since(lastModified)).status).toBe(206);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await since(earlier)).status).toBe(200);
  });

  it("sends the content editor's files unindexed, in every encoding and range", async () => {
    const source = (await rawGet(fixtureEditorAsset, { "accept-encoding": "identity" })).body;
    const get = (headers: Record<string, string>) => rawGet(fixtureEditorAsset, headers);
    const identity = await get({ "accept-encoding": "identity" });
    expect(identity.status).toBe(200);
    expect(identity.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(identity.headers["cross-origin-opener-policy"]).toBeUndefined();
    expect(brotliDecompressSync((await get({ "accept-encoding": "br" })).body)).toEqual(source);
    expect(gunzipSync((await get({ "accept-encoding": "gzip" })).body)).toEqual(source);
    const part = await get({ "accept-encoding": "identity", range: "bytes=2-9" });
    expect(part.status).toBe(206);
    expect(part.body).toEqual(source.subarray(2, 10));
  });

  it.each(["/index.html.gz", "/hardware/index.html.br", "/favicon.svg.gz"])(
    "never serves the compressed sibling %s by its own name",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    },
  );

  it("answers a compressed asset sibling by name with 404", async () => {
    expect((await get(`${fixtureAsset}.br`)).status).toBe(404);
  });
});

function rawGet(path: string, headers: Record<string, string>) {
  return rawRequest("GET", path, headers);
}

function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  baseUrl = service.baseUrl,
) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${baseUrl}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("security headers", () => {
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

  it("sends Strict-Transport-Security only when HSTS=true", async ({ startService }) => {
    const strict = await startService({ HSTS: "true" });
    const response = await fetch(`${strict.baseUrl}/`);
    expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
  });
});

describe("cookies", () => {
  // Anti-forgery is the enquiry route's own check: a page served by any static host works.
  it("sets none on pages", async () => {
    for (const path of ["/", "/contact"]) {
      expect((await get(path)).headers.get("set-cookie"), path).toBeNull();
    }
  });
});

describe("health", () => {
  it("answers /healthz and /readyz", async () => {
    expect(await (await get("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", delivery: { status: "ok" } });
  });
});
