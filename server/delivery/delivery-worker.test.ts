import Database from "better-sqlite3";
import { pino } from "pino";
import { afterEach, expect, vi } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { test } from "../../tests/support/server-test";
import type { EnquiryStore } from "../store/enquiry-store";
import { type DeliveryWorker, startDeliveryWorker } from "./delivery-worker";

// The worker against a real SQLite file, with the clock faked so backoff and pauses can be
// stepped through exactly. `send` stands in for the channel (the SMTP and webhook paths have
// their own tests); store failures are real SQLite errors, raised by a trigger added from a
// second connection.

const backoff = { baseMs: 1_000, capMs: 3_000 };
// Longer than the pause after a store failure: the job stays claimed through that pause.
const leaseMs = 2_000;
const pollMs = 60_000;

let databasePath: string;
let store: EnquiryStore;
let worker: DeliveryWorker | undefined;

test.beforeEach(({ databasePath: path, sqliteStore }) => {
  vi.useFakeTimers({
    toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
  });
  vi.setSystemTime(new Date("2026-03-02T08:00:00Z"));
  databasePath = path;
  store = sqliteStore;
  worker = undefined;
});
// The worker stops on the fake clock, then the real clock comes back; the store closes after
// (with the test's other fixtures, once every afterEach has run).
afterEach(async () => {
  await worker?.stop();
  vi.useRealTimers();
});

/** Lets every promise chain that is not waiting on a timer run to its end. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

async function saveEnquiry(name: string) {
  const { id } = await store.saveEnquiry(sampleEnquiry({ name }), new Date(), mailOnly);
  return id;
}

/** Starts the worker on the mail channel; `send` is handed each enquiry's id. */
function start(send: (id: string) => Promise<void>) {
  worker = startDeliveryWorker({
    store,
    channel: "mail",
    deliver: (enquiry) => send(enquiry.id),
    backoff,
    leaseMs,
    pollMs,
    log: pino({ level: "silent" }),
  });
  return worker;
}

/** A mail server that holds each message until the test lets it through. */
function heldSend() {
  const held: { id: string; accept: () => void }[] = [];
  const send = (id: string) => new Promise<void>((accept) => held.push({ id, accept }));
  return { send, held };
}

/** Makes the store fail to mark anything delivered, as a full disk would; returns the cure. */
function breakDeliveredMark(): () => void {
  const other = new Database(databasePath);
  other.exec(`CREATE TRIGGER stand_in_disk_full BEFORE UPDATE ON deliveries
    WHEN NEW.status = 'delivered' BEGIN SELECT RAISE(ABORT, 'disk I/O error (stand-in)'); END`);
  return () => {
    other.exec("DROP TRIGGER stand_in_disk_full");
    other.close();
  };
}

async function deliveryOf(id: string) {
  const enquiry = (await store.listEnquiries()).find((e) => e.id === id);
  return enquiry?.delivery.channels.find((job) => job.channel === "mail");
}

test("delivers what is due when it starts, oldest first, records each, and sends one stored later as soon as it is woken", async () => {
  const first = await saveEnquiry("First");
  vi.advanceTimersByTime(1);
  const second = await saveEnquiry("Second");
  const sent: string[] = [];
  start(async (id) => {
    sent.push(id);
  });
  await settle();
  expect(sent).toEqual([first, second]);
  expect(await deliveryOf(first)).toMatchObject({ status: "delivered", attempts: 1 });
  expect(await deliveryOf(second)).toMatchObject({ status: "delivered", attempts: 1 });

  // Stored while the worker idles: sent when it is woken, not at the next round.
  const third = await saveEnquiry("Woken");
  await advance(10_000);
  expect(sent).toEqual([first, second]);
  worker?.wake();
  await settle();
  expect(sent).toEqual([first, second, third]);
});

test("retries a refused mail after the backoff, doubling up to the cap", async () => {
  const id = await saveEnquiry("Retry");
  let calls = 0;
  start(async () => {
    calls++;
    if (calls <= 3) throw Object.assign(new Error("451 try later"), { responseCode: 451 });
  });
  await settle();
  expect(calls).toBe(1);
  expect(await deliveryOf(id)).toMatchObject({
    status: "pending",
    attempts: 1,
    lastError: "451 try later",
  });

  for (const [wait, callsAfter] of [
    [1_000, 2],
    [2_000, 3],
    [3_000, 4], // 4 s doubled, capped at 3 s
  ] as const) {
    await advance(wait - 1);
    expect(calls).toBe(callsAfter - 1);
    await advance(1);
    expect(calls).toBe(callsAfter);
  }
  expect(await deliveryOf(id)).toMatchObject({ status: "delivered", attempts: 4 });
});

test("does not send a mail twice when the store failed to record it, and records it later", async () => {
  const id = await saveEnquiry("Accepted once");
  const cure = breakDeliveredMark();
  const { send, held } = heldSend();
  const claims = vi.spyOn(store, "claimDueDelivery");
  start(send);
  await settle();
  expect(held.map((send) => send.id)).toEqual([id]);
  // A wake while that delivery runs must not outlive the store failure that ends the pass.
  worker?.wake();
  held[0]?.accept();
  await settle();
  expect(await deliveryOf(id)).toMatchObject({ status: "pending", attempts: 0 });

  // The pass failed: the worker waits rather than spinning on the job.
  const claimsAfterFailure = claims.mock.calls.length;
  await advance(backoff.baseMs);
  expect(claims.mock.calls.length).toBe(claimsAfterFailure);

  cure();
  // Once the failed pass's claim runs out, the job is claimed again and recorded, not sent.
  await advance(leaseMs - backoff.baseMs);
  expect(held).toHaveLength(1);
  expect(await deliveryOf(id)).toMatchObject({ status: "delivered", attempts: 1 });
  // Claimed, recorded, then nothing due: no extra pass for the wake the failed pass absorbed.
  expect(claims.mock.calls.length).toBe(claimsAfterFailure + 2);
});

test("on stop, waits for the delivery in progress, then schedules nothing more", async () => {
  const id = await saveEnquiry("In flight");
  const { send, held } = heldSend();
  start(send);
  await settle();
  let stopped = false;
  const stopping = worker?.stop().then(() => {
    stopped = true;
  });
  await settle();
  expect(stopped).toBe(false);
  held[0]?.accept();
  await stopping;
  expect(await deliveryOf(id)).toMatchObject({ status: "delivered" });

  await saveEnquiry("After stop");
  worker?.wake();
  await advance(120_000);
  expect(held).toHaveLength(1);
});
