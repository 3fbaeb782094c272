import { join } from "node:path";
import { expect } from "vitest";
import { freePort } from "../../tests/support/free-port";
import { sampleEnquiry } from "../../tests/support/sample-enquiry";
import { it } from "../../tests/support/server-test";
import { createTestDatabase } from "../../tests/support/test-database";
import {
  mailTo,
  postEnquiry,
  postValidEnquiry,
  type TestService,
  validEnquiry,
} from "../../tests/support/test-service";
import { waitFor } from "../../tests/support/wait-for";
import { webhookTo } from "../../tests/support/webhook-receiver";
import { openEnquiryStore } from "../store/open-enquiry-store";
import type { DeliveryChannel } from "../store/schema";

// The webhook channel end to end: the real app, a real HTTP receiver on loopback that verifies
// each request with the standardwebhooks package, and a real SMTP peer.

// Quick retries, so a test sees several attempts in well under a second.
const quickRetries = { DELIVERY_RETRY_BASE_MS: "50", DELIVERY_RETRY_CAP_MS: "200" };

/** The enquiry's job on one channel, as the store has it now. */
async function jobOf(service: TestService, id: string, channel: DeliveryChannel) {
  const store = await openEnquiryStore(`file:${service.databasePath}`);
  try {
    const enquiry = (await store.listEnquiries()).find((e) => e.id === id);
    return enquiry?.delivery.channels.find((job) => job.channel === channel);
  } finally {
    await store.close();
  }
}

const jobAfter = (service: TestService, id: string, channel: DeliveryChannel, attempts: number) =>
  waitFor(`${attempts} attempts on ${channel}`, async () => {
    const job = await jobOf(service, id, channel);
    return job && job.attempts >= attempts ? job : undefined;
  });

const delivered = (service: TestService, id: string, channel: DeliveryChannel) =>
  waitFor(`the ${channel} delivery to be recorded`, async () => {
    const job = await jobOf(service, id, channel);
    return job?.status === "delivered" ? job : undefined;
  });

it("POSTs each stored enquiry to the receiver, signed, and mails it too", async ({
  startMailingService,
  startWebhookReceiver,
}) => {
  const receiver = await startWebhookReceiver();
  const { smtp, service } = await startMailingService(webhookTo(receiver.url));
  const result = await postValidEnquiry(service.baseUrl);
  expect(result.status).toBe(201);
  const id = String(result.json?.id);

  const hook = await waitFor("the webhook", () => receiver.received[0]);
  await waitFor("the mail", () => smtp.received[0]);
  expect(hook.verified).toBe(true);
  // Stable per enquiry, so a receiver can drop a repeat.
  expect(hook.id).toBe(`enquiry-${id}`);
  const { message, name } = validEnquiry();
  const receivedAt = (hook.body as { data: { receivedAt: string } }).data.receivedAt;
  expect(hook.body).toEqual({
    type: "enquiry.received",
    timestamp: receivedAt,
    data: { id, receivedAt, ...sampleEnquiry({ name, message }) },
  });

  await delivered(service, id, "webhook");
  await delivered(service, id, "mail");
  expect(receiver.received).toHaveLength(1);
  expect(service.logs.join("")).not.toMatch(/thandi|Nkosi|valves/i);
});

it("retries a receiver that is down, and delivers once when it is up; without mail, the webhook alone", async ({
  startService,
  startWebhookReceiver,
}) => {
  const port = await freePort();
  const service = await startService({
    ...webhookTo(`http://127.0.0.1:${port}/hooks/enquiries`),
    ...quickRetries,
  });
  const id = String((await postValidEnquiry(service.baseUrl)).json?.id);
  const failing = await jobAfter(service, id, "webhook", 2);
  expect(failing).toMatchObject({ status: "pending" });
  expect(failing.lastError).toMatch(/could not be reached: ECONNREFUSED/);

  const receiver = await startWebhookReceiver({ port });
  const job = await delivered(service, id, "webhook");
  expect(job.attempts).toBeGreaterThanOrEqual(3);
  // Once the worker has delivered a later enquiry too, the first still came exactly once.
  const later = String((await postValidEnquiry(service.baseUrl)).json?.id);
  await delivered(service, later, "webhook");
  expect(receiver.received.map((hook) => [hook.id, hook.verified])).toEqual([
    [`enquiry-${id}`, true],
    [`enquiry-${later}`, true],
  ]);
  // Mail is optional: with only a webhook set, the enquiry has no mail job to wait for.
  const store = await openEnquiryStore(`file:${service.databasePath}`);
  try {
    const [enquiry] = await store.listEnquiries();
    expect(enquiry?.delivery).toMatchObject({ status: "delivered" });
    expect(enquiry?.delivery.channels.map((j) => j.channel)).toEqual(["webhook"]);
  } finally {
    await store.close();
  }
});

it("goes on retrying the webhook after a restart, from the store alone", async ({
  startService,
  startWebhookReceiver,
  tempDir,
}) => {
  const port = await freePort();
  const env = {
    DATABASE_URL: `file:${join(tempDir, "enquiries.db")}`,
    ...webhookTo(`http://127.0.0.1:${port}/hooks/enquiries`),
    ...quickRetries,
  };
  const first = await startService(env);
  const id = String((await postValidEnquiry(first.baseUrl)).json?.id);
  await jobAfter(first, id, "webhook", 1);
  await first.close();

  const receiver = await startWebhookReceiver({ port });
  const second = await startService(env);
  await delivered(second, id, "webhook");
  expect(receiver.received.map((hook) => hook.id)).toEqual([`enquiry-${id}`]);
});

it("counts a non-2xx answer, a redirect and an answer slower than the timeout as failures", async ({
  startService,
  startWebhookReceiver,
}) => {
  const receiver = await startWebhookReceiver();
  const elsewhere = await startWebhookReceiver();
  const answers = [
    { status: 503 },
    { status: 307, headers: { location: elsewhere.url } },
    { delayMs: 3_000 },
    {},
  ];
  let calls = 0;
  receiver.answerWith(() => answers[Math.min(calls++, answers.length - 1)] ?? {});
  const service = await startService({ ...webhookTo(receiver.url, 300), ...quickRetries });
  const id = String((await postValidEnquiry(service.baseUrl)).json?.id);

  const job = await delivered(service, id, "webhook");
  expect(job.attempts).toBe(4);
  expect(receiver.received.map((hook) => hook.id)).toEqual(Array(4).fill(`enquiry-${id}`));
  // The redirect was not followed.
  expect(elsewhere.received).toEqual([]);
  const failures = service.logs.filter((line) => line.includes("delivery failed"));
  expect(failures.map((line) => JSON.parse(line))).toMatchObject([
    { channel: "webhook", status: 503 },
    { channel: "webhook", status: 307 },
    { channel: "webhook", code: "timeout" },
  ]);
});

it("delivers by webhook while the mail server is down", async ({
  startService,
  startWebhookReceiver,
}) => {
  const receiver = await startWebhookReceiver();
  const service = await startService({
    ...mailTo(await freePort()),
    ...webhookTo(receiver.url),
    ...quickRetries,
  });
  const id = String((await postValidEnquiry(service.baseUrl)).json?.id);
  await delivered(service, id, "webhook");
  expect(await jobAfter(service, id, "mail", 2)).toMatchObject({ status: "pending" });
  expect(receiver.received).toHaveLength(1);
});

it("delivers by mail while the webhook receiver is down", async ({ startMailingService }) => {
  const { smtp, service } = await startMailingService({
    ...webhookTo(`http://127.0.0.1:${await freePort()}/hooks`),
    ...quickRetries,
  });
  const id = String((await postValidEnquiry(service.baseUrl)).json?.id);
  await delivered(service, id, "mail");
  expect(await jobAfter(service, id, "webhook", 2)).toMatchObject({ status: "pending" });
  expect(smtp.received).toHaveLength(1);
});

it("never sends one webhook twice from two instances on one PostgreSQL database", {
  timeout: 60_000,
}, async ({ startService, startSmtpPeer, startWebhookReceiver }) => {
  const total = 30;
  const smtp = await startSmtpPeer();
  const receiver = await startWebhookReceiver();
  const env = {
    DATABASE_URL: await createTestDatabase(),
    ...mailTo(smtp.port),
    ...webhookTo(receiver.url),
    ENQUIRY_RATE_LIMIT_PER_MINUTE: "1000",
    DELIVERY_POLL_MS: "100",
  };
  const instances = [await startService(env), await startService(env)];
  const ids: string[] = [];
  for (let i = 0; i < total; i++) {
    const instance = instances[i % 2];
    if (!instance) throw new Error("two instances");
    const result = await postEnquiry(instance.baseUrl, validEnquiry());
    expect(result.status).toBe(201);
    ids.push(String(result.json?.id));
  }
  await waitFor(
    "every enquiry by webhook and mail",
    () => (receiver.received.length >= total && smtp.received.length >= total ? true : undefined),
    { timeoutMs: 30_000 },
  );
  // Once the store has every job delivered, no instance has a claim left to send again.
  const store = await openEnquiryStore(env.DATABASE_URL);
  try {
    await waitFor(
      "every delivery recorded",
      async () =>
        (await store.listEnquiries()).every((e) => e.delivery.status === "delivered") || undefined,
    );
  } finally {
    await store.close();
  }
  expect(receiver.received.map((hook) => hook.id).sort()).toEqual(
    ids.map((id) => `enquiry-${id}`).sort(),
  );
  expect(receiver.received.every((hook) => hook.verified)).toBe(true);
  expect(smtp.received).toHaveLength(total);
  // Both instances took part.
  for (const instance of instances) {
    expect(instance.logs.some((line) => /"channel":"webhook".*enquiry delivered/.test(line))).toBe(
      true,
    );
  }
});
