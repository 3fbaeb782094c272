import { describe, expect, vi } from "vitest";
import { freePort } from "../../tests/support/free-port";
import { test } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { postEnquiry, validEnquiry } from "../../tests/support/test-service";
import { humanAnswer, startVerifierStandIn } from "../../tests/support/verifier-stand-in";
import { readInsightsReport } from "../insights/insights-report";
import type { DeliveryPlan } from "../store/enquiry-store";

// Held, not refused (decision 0039), end to end: the real service on each store, the bot-check
// stand-in, and a real SMTP peer. What the enquiries command prints: server/cli/; the digest:
// server/delivery/held-digest.test.ts.

const secret = "server-side-secret";
const answer = (fields: object) => ({
  body: { success: true, score: 0.9, action: "contact", hostname: "127.0.0.1", ...fields },
});
/** The service's own plan: mail, and the acknowledgement. */
const plan: DeliveryPlan = { channels: ["mail"], acknowledge: true };

describe.each(storeKinds)("on the $name store", (kind) => {
  const it = test
    .extend("verifier", ({ closeAfter }) =>
      startVerifierStandIn(() => humanAnswer()).then(closeAfter),
    )
    .extend("metricsPort", () => freePort())
    .extend("held", async ({ verifier, metricsPort, tempDir, startMailingService }) =>
      startMailingService({
        DATABASE_URL: await kind.newDatabaseUrl(tempDir),
        RECAPTCHA_SECRET: secret,
        RECAPTCHA_VERIFY_URL: verifier.url,
        RECAPTCHA_TIMEOUT_MS: "1000",
        ALLOWED_HOSTNAMES: "127.0.0.1",
        ENQUIRY_ACKNOWLEDGE: "true",
        ENQUIRY_RATE_LIMIT_PER_MINUTE: "off",
        DELIVERY_POLL_MS: "100",
        INSIGHTS_FLUSH_SECONDS: "1",
        METRICS_PORT: String(metricsPort),
      }),
    );

  it("stores what the bot check doubts or cannot check as held, answers as for any stored enquiry, and sends nothing until a person releases it, then once", async ({
    verifier,
    metricsPort,
    held: { smtp, service },
  }) => {
    const send = (email: string) => postEnquiry(service.app, validEnquiry({ email }));
    const accepted = await send("accepted@example.co.za");
    const doubts = [
      [answer({ score: 0.3 }), "low_score 0.3"],
      [answer({ hostname: "evil.example" }), "hostname_mismatch evil.example"],
      [answer({ action: "login" }), "action_mismatch login"],
      [{ status: 500, body: { success: true } }, "verifier_error http 500"],
      [{ body: "<html>teapot</html>" }, "verifier_error malformed answer"],
      // Our own secret refused: the visitor is not to blame.
      [
        { body: { success: false, "error-codes": ["invalid-input-secret"] } },
        "verifier_error invalid-input-secret",
      ],
      [{ hangUp: true }, "verifier_unreachable"],
      [{ ...humanAnswer(), silent: true }, "verifier_unreachable timeout"],
    ] as const;
    const heldIds: string[] = [];
    for (const [i, [given, reason]] of doubts.entries()) {
      verifier.answerWith(() => given);
      const result = await send(`held${i}@example.co.za`);
      // The same answer as the stored enquiry's, but for its id.
      expect({ ...result, text: "", json: { id: "" } }, reason).toEqual({
        ...accepted,
        text: "",
        json: { id: "" },
      });
      heldIds.push(String(result.json?.id));
    }
    verifier.answerWith(() => humanAnswer());

    const stored = await service.store.listEnquiries();
    const heldOnes = stored.filter((e) => heldIds.includes(e.id));
    expect(heldOnes.map((e) => [e.status, e.heldReason])).toEqual(
      doubts.map(([, reason]) => ["held", reason]),
    );
    // The outbox has no job for any of them: nothing can mail, post or acknowledge it.
    for (const e of heldOnes) expect(e.delivery).toEqual({ status: "held", channels: [] });
    expect((await service.store.listHeld()).map((e) => e.id)).toEqual(heldIds);
    // Insights count them apart: held, never enquiries (conversion).
    const report = () => readInsightsReport(service.store.insights, { days: 1 });
    await vi.waitFor(async () => expect((await report()).held).toBe(doubts.length), 10_000);

    // Released twice at once (two staff, two instances): it goes out once, and acknowledged.
    const [released, ...notReleased] = heldIds;
    const twice = await Promise.all(
      [1, 2].map(() => service.store.releaseHeld(String(released), new Date(), plan)),
    );
    expect(twice.sort()).toEqual(["done", "not_held"]);
    expect(await service.store.markSpam(String(released))).toBe("not_held");
    const mailOf = (id: string) =>
      smtp.received.filter((m) => m.messageId === `<enquiry-${id}@amanzi.example>`);
    await vi.waitFor(() => expect(mailOf(String(released))).toHaveLength(1), 10_000);
    await vi.waitFor(
      () => expect(smtp.received.flatMap((m) => m.to)).toContain("held0@example.co.za"),
      10_000,
    );

    // A later enquiry delivered: everything due before it went out, the others held still.
    const later = String((await send("later@example.co.za")).json?.id);
    await vi.waitFor(() => expect(mailOf(later)).toHaveLength(1), 10_000);
    expect(mailOf(String(released))).toHaveLength(1);
    const mailed = smtp.received.flatMap((m) => m.to);
    for (const i of notReleased.keys()) expect(mailed).not.toContain(`held${i + 1}@example.co.za`);
    expect((await service.store.listHeld()).map((e) => e.id)).toEqual(notReleased);

    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const sample = (series: string) =>
      Number(
        metrics
          .split("\n")
          .find((line) => line.startsWith(`${series} `))
          ?.split(" ")[1],
      );
    expect(sample("enquiries_accepted_total")).toBe(2);
    expect(
      Object.fromEntries(
        [
          "low_score",
          "hostname_mismatch",
          "action_mismatch",
          "verifier_error",
          "verifier_unreachable",
        ].map((reason) => [reason, sample(`enquiries_held_total{reason="${reason}"}`)]),
      ),
    ).toEqual({
      low_score: 1,
      hostname_mismatch: 1,
      action_mismatch: 1,
      verifier_error: 3,
      verifier_unreachable: 2,
    });
    expect(service.logs.join("")).not.toMatch(/held\d@example|Thandi/);
  });

  it("still refuses a send without a token, or with one the provider calls invalid, storing nothing", async ({
    verifier,
    held: { service },
  }) => {
    const refusals = [
      [{ token: "" }, humanAnswer()],
      [{}, { body: { success: false, "error-codes": ["invalid-input-response"] } }],
      [{}, { body: { success: false, "error-codes": ["timeout-or-duplicate"] } }],
    ] as const;
    for (const [overrides, given] of refusals) {
      verifier.answerWith(() => given);
      const result = await postEnquiry(service.app, validEnquiry(overrides));
      expect(result).toMatchObject({ status: 403, json: { error: "bot_check_failed" } });
    }
    expect(await service.store.listEnquiries()).toEqual([]);
  });
});

test("counts a held send against the rate limit", async ({ buildService, closeAfter }) => {
  const verifier = closeAfter(await startVerifierStandIn(() => answer({ score: 0.1 })));
  const service = await buildService({
    RECAPTCHA_SECRET: secret,
    RECAPTCHA_VERIFY_URL: verifier.url,
    ENQUIRY_RATE_LIMIT_PER_MINUTE: "2",
  });
  const statuses = [];
  for (let i = 0; i < 3; i++)
    statuses.push((await postEnquiry(service.app, validEnquiry())).status);
  expect(statuses).toEqual([201, 201, 429]);
  expect((await service.store.listHeld()).map((e) => e.heldReason)).toEqual([
    "low_score 0.1",
    "low_score 0.1",
  ]);
});
