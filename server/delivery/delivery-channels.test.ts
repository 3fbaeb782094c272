import { join } from "node:path";
import { expect, vi } from "vitest";
import { freePort } from "../../tests/support/free-port";
import { sampleEnquiry } from "../../tests/support/sample-enquiry";
import { test } from "../../tests/support/server-test";
import {
  type BuiltService,
  mailTo,
  postValidEnquiry,
  validEnquiry,
} from "../../tests/support/test-service";
import { webhookTo } from "../../tests/support/webhook-receiver";
import type { DeliveryChannel } from "../store/schema";

// Each channel end to end: the real app, a real SMTP peer, and a real HTTP receiver on loopback
// that verifies each webhook with the standardwebhooks package.

// Quick retries, so a test sees several attempts in well under a second.
const quickRetries = { DELIVERY_RETRY_BASE_MS: "50", DELIVERY_RETRY_CAP_MS: "200" };

/** Every enquiry the service stored, as the store has it now. */
const storedBy = (service: BuiltService) => service.store.listEnquiries();

/** The enquiry's job on one channel, once `done` holds for it. */
const jobWhen = (
  service: BuiltService,
  id: string,
  channel: DeliveryChannel,
  done: (job: { status: string; attempts: number }) => boolean,
) =>
  vi.waitFor(async () => {
    const enquiry = (await storedBy(service)).find((e) => e.id === id);
    const job = enquiry?.delivery.channels.find((j) => j.channel === channel);
    if (!job || !done(job)) throw new Error(`the ${channel} job of ${id}: not yet`);
    return job;
  }, 10_000);

const delivered = (service: BuiltService, id: string, channel: DeliveryChannel) =>
  jobWhen(service, id, channel, (job) => job.status === "delivered");
const failedTwice = (service: BuiltService, id: string, channel: DeliveryChannel) =>
  jobWhen(service, id, channel, (job) => job.attempts >= 2);

test("POSTs each stored enquiry to the receiver, signed, mails it, and acknowledges it to the visitor", async ({
  startMailingService,
  startWebhookReceiver,
}) => {
  const receiver = await startWebhookReceiver();
  const { smtp, service } = await startMailingService({
    ...webhookTo(receiver.url),
    ENQUIRY_ACKNOWLEDGE: "true",
  });
  const result = await postValidEnquiry(service.app);
  expect(result.status).toBe(201);
  const id = String(result.json?.id);

  const hook = await vi.waitFor(() => {
    const [first] = receiver.received;
    if (!first) throw new Error("no webhook yet");
    return first;
  }, 10_000);
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

  // Which enquiries get an acknowledgement (an address once a day, whatever its case) is the
  // store's: server/store/enquiry-store.test.ts.
  await vi.waitFor(async () => {
    const statuses = (await storedBy(service)).map((e) => e.delivery.status);
    expect(
      statuses.every((status) => status === "delivered"),
      "every delivery recorded",
    ).toBe(true);
  }, 10_000);
  const [enquiry] = await storedBy(service);
  expect(enquiry?.delivery.channels.map((job) => job.channel).sort()).toEqual([
    "acknowledgement",
    "mail",
    "webhook",
  ]);
  // Once the store has every job delivered, nothing is left to send.
  expect(receiver.received.map((received) => received.id)).toEqual([`enquiry-${id}`]);
  const acknowledgement = smtp.received.find((mail) => mail.to.includes("thandi@example.co.za"));
  expect(acknowledgement?.subject).toBe("We have received your enquiry");
  expect(acknowledgement?.replyTo).toContain("sales@amanzi.example");
  expect(smtp.received).toHaveLength(2);
  expect(service.logs.join("")).not.toMatch(/thandi|Nkosi|valves/i);
});

test("mails while the receiver is down, retries the webhook across a restart, and sends it once", async ({
  buildService,
  startSmtpPeer,
  startWebhookReceiver,
  tempDir,
}) => {
  const port = await freePort();
  const smtp = await startSmtpPeer();
  const env = {
    DATABASE_URL: `file:${join(tempDir, "enquiries.db")}`,
    ...mailTo(smtp.port),
    ...webhookTo(`http://127.0.0.1:${port}/hooks/enquiries`),
    ...quickRetries,
  };
  const first = await buildService(env);
  const id = String((await postValidEnquiry(first.app)).json?.id);
  await delivered(first, id, "mail");
  const failing = await failedTwice(first, id, "webhook");
  expect(failing).toMatchObject({ status: "pending" });
  expect(failing.lastError).toMatch(/could not be reached: ECONNREFUSED/);
  await first.close();

  // The second instance has only the store to go on.
  const receiver = await startWebhookReceiver({ port });
  const second = await buildService(env);
  expect((await delivered(second, id, "webhook")).attempts).toBeGreaterThanOrEqual(3);
  // Once the worker has delivered a later enquiry too, the first still came exactly once.
  const later = String((await postValidEnquiry(second.app)).json?.id);
  await delivered(second, later, "webhook");
  await delivered(second, later, "mail");
  expect(receiver.received.map((hook) => [hook.id, hook.verified])).toEqual([
    [`enquiry-${id}`, true],
    [`enquiry-${later}`, true],
  ]);
  expect(smtp.received).toHaveLength(2);
});

test("counts a non-2xx answer, a redirect and an answer slower than the timeout as failures", async ({
  buildService,
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
  const service = await buildService({ ...webhookTo(receiver.url, 300), ...quickRetries });
  const id = String((await postValidEnquiry(service.app)).json?.id);

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
  // Mail is optional: with only a webhook set, the enquiry has no mail job to wait for.
  const [enquiry] = await storedBy(service);
  expect(enquiry?.delivery.channels.map((j) => j.channel)).toEqual(["webhook"]);
});
