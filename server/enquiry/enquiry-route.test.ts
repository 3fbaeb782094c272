import { describe, expect } from "vitest";
import { freePort } from "../../tests/support/free-port";
import { close, part, test } from "../../tests/support/server-test";
import { startSmtpPeer } from "../../tests/support/smtp-peer";
import {
  fromOurPage,
  mailTo,
  postEnquiry,
  postValidEnquiry,
  startTestService,
  validEnquiry,
} from "../../tests/support/test-service";
import { humanAnswer, startVerifierStandIn } from "../../tests/support/verifier-stand-in";
import { waitFor } from "../../tests/support/wait-for";
import { openSqliteEnquiryStore } from "../store/open-enquiry-store";

const secret = "server-side-secret";

// One service, with its mail server and bot-check stand-in, for the whole file.
const it = test
  .extend("smtp", { scope: "file" }, part(startSmtpPeer, close))
  .extend(
    "verifier",
    { scope: "file" },
    part(() => startVerifierStandIn(() => humanAnswer()), close),
  )
  .extend("service", { scope: "file" }, async ({ smtp, verifier }, { onCleanup }) => {
    const service = await startTestService({
      RECAPTCHA_SECRET: secret,
      RECAPTCHA_VERIFY_URL: verifier.url,
      ALLOWED_HOSTNAMES: "127.0.0.1, amanzi.example",
      ...mailTo(smtp.port),
      // Generous: this file sends many requests from one address; the limit has its own test.
      ENQUIRY_RATE_LIMIT_PER_MINUTE: "1000",
    });
    onCleanup(() => service.close());
    return service;
  })
  // One connection beside the service's reads what it stored, polls included.
  .extend("reader", { scope: "file" }, ({ service }, { onCleanup }) => {
    const reader = openSqliteEnquiryStore(service.databasePath);
    onCleanup(() => reader.close());
    return reader;
  });
it.afterEach(({ verifier }) => verifier.answerWith(() => humanAnswer()));

describe("a valid enquiry", () => {
  it("is verified, stored, then mailed with the visitor's text escaped", async ({
    smtp,
    verifier,
    service,
    reader,
  }) => {
    const before = verifier.requests.length;
    const result = await postEnquiry(service.baseUrl, validEnquiry());
    expect(result.status).toBe(201);
    const id = String(result.json?.id);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

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

    const mail = await waitFor("the enquiry mail", () =>
      smtp.received.find((m) => m.raw.includes(`<enquiry-${id}@amanzi.example>`)),
    );
    expect(mail.to).toEqual(["sales@amanzi.example"]);
    expect(mail.from).toBe("website@amanzi.example");
    expect(mail.replyTo).toContain("thandi@example.co.za");
    expect(mail.subject).toBe("Website enquiry (consultation) from Thandi <b>Nkosi</b> & Co");
    expect(mail.messageId).toBe(`<enquiry-${id}@amanzi.example>`);

    const html = mail.html ?? "";
    expect(html).toContain("Thandi &lt;b&gt;Nkosi&lt;/b&gt; &amp; Co");
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;meters&quot;)&lt;/script&gt; &amp; &#39;valves&#39;",
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>Nkosi");
    expect(mail.text).toContain(`<script>alert("meters")</script>`);

    await waitFor("delivery to be recorded", async () => {
      const record = (await reader.listEnquiries()).find((e) => e.id === id);
      return record?.delivery.status === "delivered" ? record : undefined;
    });
  });

  it("refuses CR/LF in a name, so no mail header can carry it", async ({ service }) => {
    const result = await postEnquiry(
      service.baseUrl,
      validEnquiry({ name: "Eve\r\nBcc: victim@example.com" }),
    );
    expect(result).toMatchObject({
      status: 400,
      json: { error: "invalid_enquiry", fields: { name: "notPrintable" } },
    });
  });
});

describe("the bot check", () => {
  it.for([
    ["a low score", { success: true, score: 0.3, action: "contact", hostname: "127.0.0.1" }, 403],
    [
      "the wrong action",
      { success: true, score: 0.9, action: "login", hostname: "127.0.0.1" },
      403,
    ],
    ["the provider's no", { success: false, "error-codes": ["invalid-input-response"] }, 403],
    [
      "an unlisted hostname",
      { success: true, score: 0.9, action: "contact", hostname: "evil.example" },
      403,
    ],
    ["a garbage answer", "<html>teapot</html>", 503],
    ["a malformed answer", { success: "yes" }, 503],
  ] as const)(
    "refuses on %s, storing and mailing nothing",
    async ([_label, body, status], { smtp, verifier, service, reader }) => {
      verifier.answerWith(() => ({ body }));
      const mailsBefore = smtp.received.length;
      const storedBefore = (await reader.listEnquiries()).length;
      const result = await postEnquiry(service.baseUrl, validEnquiry());
      expect(result.status).toBe(status);
      expect(result.json?.error).toBe(
        status === 403 ? "bot_check_failed" : "bot_check_unavailable",
      );
      expect((await reader.listEnquiries()).length).toBe(storedBefore);
      expect(smtp.received.length).toBe(mailsBefore);
    },
  );

  it("answers 503 when the provider answers with an error status", async ({
    verifier,
    service,
  }) => {
    verifier.answerWith(() => ({ status: 500, body: { success: true } }));
    const result = await postEnquiry(service.baseUrl, validEnquiry());
    expect(result.status).toBe(503);
  });

  it("refuses an empty token without asking the provider", async ({ verifier, service }) => {
    const before = verifier.requests.length;
    const result = await postEnquiry(service.baseUrl, validEnquiry({ token: "" }));
    expect(result.status).toBe(403);
    expect(verifier.requests.length).toBe(before);
  });

  it("fails closed with 503 when the provider does not answer in time", async ({
    verifier,
    startService,
  }) => {
    const slow = await startService({
      RECAPTCHA_SECRET: secret,
      RECAPTCHA_VERIFY_URL: verifier.url,
      RECAPTCHA_TIMEOUT_MS: "300",
    });
    verifier.answerWith(() => ({ ...humanAnswer(), delayMs: 2_000 }));
    const started = Date.now();
    const result = await postValidEnquiry(slow.baseUrl);
    expect(result.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("fails closed with 503 when the provider is unreachable", async ({
    startService,
    openSqliteStore,
  }) => {
    const closedPort = await freePort();
    const cut = await startService({
      RECAPTCHA_SECRET: secret,
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${closedPort}/siteverify`,
    });
    const result = await postValidEnquiry(cut.baseUrl);
    expect(result.status).toBe(503);
    expect(result.json).toEqual({ error: "bot_check_unavailable" });
    expect(await openSqliteStore(cut.databasePath).listEnquiries()).toEqual([]);
  });
});

describe("refusals before the bot check", () => {
  /** The send call with only the headers a browser, or a program, would send. */
  async function sendWith(baseUrl: string, headers: Record<string, string>) {
    const response = await fetch(`${baseUrl}/api/Comms/ValidateEmailTokens`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(validEnquiry()),
    });
    return { status: response.status, json: await response.json() };
  }

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
      const refused = await sendWith(service.baseUrl, headers);
      expect(refused).toEqual({ status: 403, json: { error: "cross_origin_request" } });
      expect(verifier.requests.length).toBe(before);
      expect((await reader.listEnquiries()).length).toBe(stored);
    },
  );

  it("takes the send call from our own page, from an older browser's same-origin call, and from a program", async ({
    service,
  }) => {
    const accepted = (headers: Record<string, string>) =>
      sendWith(service.baseUrl, headers).then(({ status }) => status);
    // Our page in a current browser.
    expect(await accepted(fromOurPage(service.baseUrl))).toBe(201);
    // Safari before 16.4: no Fetch Metadata, but an Origin naming this host.
    expect(await accepted({ origin: service.baseUrl })).toBe(201);
    // curl, or a CRM's import: no browser, so no visitor's visit to ride on.
    expect(await accepted({})).toBe(201);
  });

  it.for([
    ["name", { name: "" }],
    ["name", { name: "   " }],
    ["name", { name: "n".repeat(201) }],
    ["phone", { phone: "012 345", cell: "012 345" }],
    ["phone", { phone: "", cell: "" }],
    ["email", { email: "not-an-email" }],
    ["email", { email: `${"a".repeat(250)}@example.com` }],
    ["enquiry", { enquiry: "sales" }],
    ["message", { message: "" }],
    ["message", { message: "m".repeat(10_001) }],
    ["type", { type: "sms" }],
    ["cell", { cell: "0829999999" }],
    ["token", { token: 42 }],
    ["name", { name: undefined }],
  ] as const)("answers 400 naming %s for %j", async ([field, overrides], { service }) => {
    const result = await postEnquiry(service.baseUrl, validEnquiry(overrides));
    expect(result.status).toBe(400);
    expect(result.json?.error).toBe("invalid_enquiry");
    expect(Object.keys(result.json?.fields ?? {})).toEqual([field]);
  });

  it("names every bad field at once", async ({ service }) => {
    const result = await postEnquiry(
      service.baseUrl,
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

  it.for([
    ["broken JSON", '{"name": "Thandi', "invalid_json"],
    ["an empty body", "", "invalid_json"],
    ["a JSON array", "[]", "invalid_enquiry"],
    ["a JSON string", '"hello"', "invalid_enquiry"],
    ["null", "null", "invalid_enquiry"],
  ] as const)("answers 400 to %s", async ([_label, body, error], { service }) => {
    const result = await postEnquiry(service.baseUrl, body);
    expect(result.status).toBe(400);
    expect(result.json?.error).toBe(error);
    expect(result.text).not.toContain("Thandi");
  });

  it.for(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])(
    "answers 415 to %s",
    async (contentType, { service }) => {
      const result = await postEnquiry(service.baseUrl, "name=Thandi", {
        "content-type": contentType,
      });
      expect(result.status).toBe(415);
      expect(result.json).toEqual({ error: "unsupported_media_type" });
    },
  );

  it("answers 413 to a body over 32 KiB", async ({ service }) => {
    const result = await postEnquiry(
      service.baseUrl,
      validEnquiry({ message: "m".repeat(33 * 1024) }),
    );
    expect(result.status).toBe(413);
    expect(result.json).toEqual({ error: "payload_too_large" });
  });

  it("never logs the visitor's personal data", async ({ verifier, service }) => {
    const logsBefore = service.logs.length;
    // One of each path that logs: stored (and mailed), refused as invalid, refused by the check.
    const stored = await postEnquiry(service.baseUrl, validEnquiry());
    expect(stored.status).toBe(201);
    await waitFor("the delivery log line", () =>
      service.logs.some((line) => line.includes("enquiry delivered")) ? true : undefined,
    );
    const invalid = await postEnquiry(service.baseUrl, validEnquiry({ email: "x" }));
    expect(invalid.status).toBe(400);
    verifier.answerWith(() => ({ body: { success: false } }));
    const refused = await postEnquiry(service.baseUrl, validEnquiry());
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

describe("rate limit", () => {
  it("answers 429 to a burst from one client address, counted per X-Forwarded-For when trusted", async ({
    startService,
  }) => {
    const limited = await startService({
      ENQUIRY_RATE_LIMIT_PER_MINUTE: "3",
      TRUST_PROXY: "127.0.0.1",
    });
    const from = (address: string) =>
      postEnquiry(limited.baseUrl, validEnquiry(), { "x-forwarded-for": address });
    const burst = [];
    for (let i = 0; i < 4; i++) burst.push((await from("203.0.113.7")).status);
    expect(burst).toEqual([201, 201, 201, 429]);
    const blocked = await from("203.0.113.7");
    expect(blocked.json).toEqual({ error: "rate_limited" });
    expect((await from("198.51.100.20")).status).toBe(201);
  });

  it("lets every call through when switched off for a load test", async ({ startService }) => {
    const unlimited = await startService({ ENQUIRY_RATE_LIMIT_PER_MINUTE: "off" });
    const statuses = new Set<number>();
    for (let i = 0; i < 12; i++) {
      statuses.add((await postEnquiry(unlimited.baseUrl, validEnquiry())).status);
    }
    expect([...statuses]).toEqual([201]);
  });
});
