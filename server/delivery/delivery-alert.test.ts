import { afterEach, describe, expect, vi } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { test } from "../../tests/support/server-test";
import type { DeliveryPlan } from "../store/enquiry-store";
import { checkDelivery, startDeliveryAlerts } from "./delivery-alert";

const minute = 60_000;
const enquiry = sampleEnquiry();

afterEach(() => {
  vi.useRealTimers();
});

describe("checkDelivery", () => {
  test("is ok while the oldest pending delivery is within the limit, then names each stuck channel", async ({
    sqliteStore: store,
  }) => {
    const t0 = new Date("2026-05-01T08:00:00.000Z");
    const at = (minutes: number) => new Date(t0.getTime() + minutes * minute);
    const nothing = { mail: 0, webhook: 0, acknowledgement: 0 };
    expect(await checkDelivery(store, 60, t0)).toEqual({ status: "ok", pending: nothing });

    const both = { channels: ["mail", "webhook"], acknowledge: false } satisfies DeliveryPlan;
    const first = await store.saveEnquiry(enquiry, t0, both);
    await store.saveEnquiry(enquiry, at(30), mailOnly);
    expect(await checkDelivery(store, 60, at(60))).toEqual({
      status: "ok",
      pending: { ...nothing, mail: 2, webhook: 1 },
    });
    const stuck = { status: "stuck", oldestPendingMinutes: 61, alertAfterMinutes: 60 };
    expect(await checkDelivery(store, 60, at(61))).toEqual({
      ...stuck,
      channels: ["mail", "webhook"],
      pending: { ...nothing, mail: 2, webhook: 1 },
    });

    // Mailed: the next oldest mail has only waited 31 minutes, but the webhook is still stuck.
    await store.markDelivered(first.id, "mail", at(61));
    expect(await checkDelivery(store, 60, at(61))).toEqual({
      ...stuck,
      channels: ["webhook"],
      pending: { ...nothing, mail: 1, webhook: 1 },
    });
    await store.markDelivered(first.id, "webhook", at(61));
    expect(await checkDelivery(store, 60, at(61))).toEqual({
      status: "ok",
      pending: { ...nothing, mail: 1 },
    });
  });
});

describe("startDeliveryAlerts", () => {
  test("warns every few minutes while delivery is stuck, then says it caught up", async ({
    sqliteStore: store,
  }) => {
    vi.useFakeTimers({ now: new Date("2026-05-01T08:00:00.000Z") });
    const stored = await store.saveEnquiry(enquiry, new Date(), mailOnly);
    const lines: { level: string; fields: object; message: string }[] = [];
    const logAt = (level: string) => (fields: object, message: string) =>
      lines.push({ level, fields, message });
    const log = { warn: logAt("warn"), info: logAt("info"), error: logAt("error") };
    const alerts = startDeliveryAlerts({ store, alertAfterMinutes: 60, log });
    await vi.advanceTimersByTimeAsync(0);
    expect(lines).toEqual([]);

    await vi.advanceTimersByTimeAsync(60 * minute); // the check at exactly 60 minutes: not yet
    expect(lines).toEqual([]);
    await vi.advanceTimersByTimeAsync(5 * minute);
    expect(lines).toEqual([
      {
        level: "warn",
        fields: {
          channels: ["mail"],
          oldestPendingMinutes: 65,
          alertAfterMinutes: 60,
          pending: { mail: 1, webhook: 0, acknowledgement: 0 },
        },
        message: expect.stringMatching(/^enquiry delivery stuck: .*DELIVERY_ALERT_AFTER_MINUTES/),
      },
    ]);
    await vi.advanceTimersByTimeAsync(10 * minute);
    expect(lines.map((l) => l.level)).toEqual(["warn", "warn", "warn"]);
    expect(JSON.stringify(lines)).not.toMatch(/thandi|Nkosi|Hello/i);

    await store.markDelivered(stored.id, "mail", new Date());
    await vi.advanceTimersByTimeAsync(5 * minute);
    expect(lines.at(-1)).toMatchObject({ level: "info", message: "enquiry delivery caught up" });
    await vi.advanceTimersByTimeAsync(30 * minute);
    expect(lines).toHaveLength(4);

    await alerts.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("/readyz", () => {
  test("stays 200 but reports a stuck delivery in its body and in a warning log line, and ok once delivered", async ({
    sqliteStore: store,
    databasePath,
    buildService,
  }) => {
    const old = await store.saveEnquiry(enquiry, new Date(Date.now() - 90 * minute), mailOnly);
    // No SMTP_URL: nothing will deliver it.
    const service = await buildService({
      DATABASE_URL: `file:${databasePath}`,
      DELIVERY_ALERT_AFTER_MINUTES: "60",
    });
    const response = await service.app.inject("/readyz");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ready",
      delivery: {
        status: "stuck",
        channels: ["mail"],
        oldestPendingMinutes: 90,
        alertAfterMinutes: 60,
      },
    });
    const { logs } = service;
    const warning = await vi.waitFor(() => {
      const line = logs.find((logged) => logged.includes("enquiry delivery stuck"));
      if (!line) throw new Error("no warning yet");
      return line;
    }, 10_000);
    expect(warning).toMatch(/"level":40/);
    expect(warning).toMatch(/"oldestPendingMinutes":90/);
    expect(service.logs.join("")).not.toMatch(/thandi|Nkosi/i);

    // Delivered (as another instance would): ok at once, read from the store.
    await store.markDelivered(old.id, "mail", new Date());
    const after = await service.app.inject("/readyz");
    expect(after.json()).toEqual({ status: "ready", delivery: { status: "ok" } });
  });
});
