import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import { close, part, test } from "../../tests/support/server-test";
import { buildTestService, postEnquiry, validEnquiry } from "../../tests/support/test-service";
import { humanAnswer, startVerifierStandIn } from "../../tests/support/verifier-stand-in";
import { openSqliteEnquiryStore } from "../store/open-enquiry-store";

const secret = "server-side-secret";

// One service, with its bot-check stand-in, for the whole file. What it stores is mailed as
// server/delivery/delivery-channels.test.ts shows: the route only stores.
const it = test
  .extend(
    "verifier",
    { scope: "file" },
    part(() => startVerifierStandIn(() => humanAnswer()), close),
  )
  .extend("service", { scope: "file" }, async ({ verifier }, { onCleanup }) => {
    const service = await buildTestService({
      RECAPTCHA_SECRET: secret,
      RECAPTCHA_VERIFY_URL: verifier.url,
      ALLOWED_HOSTNAMES: "127.0.0.1, amanzi.example",
      // Off, as for a load test: this file sends dozens of enquiries from one address. The limit
      // itself: behind-nginx.test.ts and several-instances.test.ts.
      ENQUIRY_RATE_LIMIT_PER_MINUTE: "off",
    });
    onCleanup(() => service.close());
    return service;
  })
  // One connection beside the service's reads what it stored, polls included.
  .extend("reader", { scope: "file" }, async ({ service }, { onCleanup }) => {
    const reader = await openSqliteEnquiryStore(service.databasePath);
    onCleanup(() => reader.close());
    return reader;
  });
it.afterEach(({ verifier }) => verifier.answerWith(() => humanAnswer()));

describe("a valid enquiry", () => {
  it("is verified, then stored before the 201", async ({ verifier, service, reader }) => {
    const before = verifier.requests.length;
    const result = await postEnquiry(service.app, validEnquiry());
    expect(result.status).toBe(201);
    const id = String(result.json?.id);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The reference the form shows, which the company's mail names too.
    expect(result.json?.reference).toBe(id.slice(0, 8).toUpperCase());

    const check = verifier.requests[before];
    expect(check?.get("secret")).toBe(secret);
    expect(check?.get("response")).toBe("token-from-browser");
    expect(check?.get("remoteip")).toBe("127.0.0.1");

    const stored = (await reader.listEnquiries()).find((e) => e.id === id);
    expect(stored).toMatchObject({
      name: "Thandi <b>Nkosi</b> & Co",
      email: "thandi@example.co.za",
      enquiryType: "consultation",
    });
  });
});

describe("the bot check", () => {
  // What it holds rather than refuses (a low score, an unreachable provider…), and the tokens
  // it still refuses: held-enquiries.test.ts.
  it("refuses an empty token without asking the provider", async ({ verifier, service }) => {
    const before = verifier.requests.length;
    const result = await postEnquiry(service.app, validEnquiry({ token: "" }));
    expect(result.status).toBe(403);
    expect(verifier.requests.length).toBe(before);
  });
});

describe("refusals before the bot check", () => {
  /** The send call with only the headers a browser, or a program, would send. */
  const sendWith = (app: FastifyInstance, headers: Record<string, string>) =>
    app
      .inject({
        method: "POST",
        url: "/api/Comms/ValidateEmailTokens",
        headers,
        body: validEnquiry(),
      })
      .then((response) => ({ status: response.statusCode, json: response.json() }));

  it.for([
    ["a page on another site (Fetch Metadata)", { "sec-fetch-site": "cross-site" }],
    ["a page on a sibling subdomain", { "sec-fetch-site": "same-site" }],
    ["no page at all, yet a browser's", { "sec-fetch-site": "none" }],
    ["a forged Origin, from a browser without Fetch Metadata", { origin: "https://evil.test" }],
    ["an opaque Origin (a sandboxed frame)", { origin: "null" }],
  ] as const)(
    "answers 403 to a send call from %s, before the bot check",
    async ([_label, headers], { verifier, service, reader }) => {
      const before = verifier.requests.length;
      const stored = (await reader.listEnquiries()).length;
      const refused = await sendWith(service.app, headers);
      expect(refused).toEqual({ status: 403, json: { error: "cross_origin_request" } });
      expect(verifier.requests.length).toBe(before);
      expect((await reader.listEnquiries()).length).toBe(stored);
    },
  );

  it("compares an Origin with SITE_URL whole: scheme, host and port", async ({ buildService }) => {
    const service = await buildService({ SITE_URL: "https://www.amanzi.example" });
    const origins = [
      "http://www.amanzi.example",
      "https://www.amanzi.example:8443",
      "https://amanzi.example",
      "https://www.amanzi.example",
    ];
    const answers = origins.map(async (origin) => (await sendWith(service.app, { origin })).status);
    expect(await Promise.all(answers)).toEqual([403, 403, 403, 201]);
  });

  // From our own page: every 201 in this file; from an older browser, by its Origin alone:
  // behind-nginx.test.ts.
  it("takes the send call from a program, which sends no browser's headers", async ({
    service,
  }) => {
    expect((await sendWith(service.app, {})).status).toBe(201);
  });

  it.for([
    // Each field's own rules: contract/enquiry.test.ts; here, what only the send call holds.
    ["name", { name: "n".repeat(201) }],
    ["email", { email: `${"a".repeat(250)}@example.com` }],
    ["message", { message: "m".repeat(10_001) }],
    ["type", { type: "sms" }],
    ["cell", { cell: "0829999999" }],
    ["token", { token: 42 }],
    ["name", { name: undefined }],
    // What no person types (a terminal's escapes, NUL): a 400, never a 5xx from a store that
    // refuses it. Which characters, in which fields: contract/enquiry.test.ts.
    ["message", { message: "Call me\u001b]0;owned\u0007" }],
    ["email", { email: "thandi\u0000@example.co.za" }],
  ] as const)("answers 400 naming %s for %j", async ([field, overrides], { service }) => {
    const result = await postEnquiry(service.app, validEnquiry(overrides));
    expect(result.status).toBe(400);
    expect(result.json?.error).toBe("invalid_enquiry");
    expect(Object.keys(result.json?.fields ?? {})).toEqual([field]);
  });

  it("names every bad field at once", async ({ service }) => {
    const result = await postEnquiry(
      service.app,
      validEnquiry({ name: "", email: "x", cell: "1", type: "fax" }),
    );
    expect(result.status).toBe(400);
    expect(Object.keys(result.json?.fields ?? {}).sort()).toEqual([
      "cell",
      "email",
      "name",
      "type",
    ]);
  });

  const json = { "content-type": "application/json" };
  it.for([
    ["broken JSON", '{"name": "Thandi', json, 400, "invalid_json"],
    ["an empty body", "", json, 400, "invalid_json"],
    ["a JSON array", "[]", json, 400, "invalid_enquiry"],
    ["a JSON string", '"hello"', json, 400, "invalid_enquiry"],
    ["null", "null", json, 400, "invalid_enquiry"],
    ["text/plain", "name=Thandi", { "content-type": "text/plain" }, 415, "unsupported_media_type"],
    ...["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"].map((type) => [
      type,
      "name=Thandi",
      { "content-type": type },
      415,
      "unsupported_media_type",
    ]),
    [
      "a body over 32 KiB",
      JSON.stringify(validEnquiry({ message: "m".repeat(33 * 1024) })),
      json,
      413,
      "payload_too_large",
    ],
  ] as [string, string, Record<string, string>, number, string][])(
    "answers %s with a JSON error, echoing none of it",
    async ([_label, body, headers, status, error], { service }) => {
      const result = await postEnquiry(service.app, body, headers);
      expect(result.status).toBe(status);
      expect(result.json?.error).toBe(error);
      expect(result.text).not.toContain("Thandi");
    },
  );

  it("never logs the visitor's personal data", async ({ verifier, service }) => {
    const logsBefore = service.logs.length;
    // One of each path that logs: stored, refused as invalid, refused by the check. Delivery's
    // log lines: server/delivery/delivery-channels.test.ts.
    const stored = await postEnquiry(service.app, validEnquiry());
    expect(stored.status).toBe(201);
    const invalid = await postEnquiry(service.app, validEnquiry({ email: "x" }));
    expect(invalid.status).toBe(400);
    verifier.answerWith(() => ({ body: { success: false } }));
    const refused = await postEnquiry(service.app, validEnquiry());
    expect(refused.status).toBe(403);

    const logs = service.logs.slice(logsBefore).join("");
    for (const line of ["enquiry stored", "enquiry refused: invalid", "bot check refused"]) {
      expect(logs).toContain(line);
    }
    for (const secretText of [
      "Thandi",
      "thandi@example.co.za",
      "0821234567",
      "valves",
      "token-from-browser",
      secret,
    ]) {
      expect(logs).not.toContain(secretText);
    }
  });
});
