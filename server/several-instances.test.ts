import { join } from "node:path";
import { expect, vi } from "vitest";
import { writeFixtureSite } from "../tests/support/fixture-site";
import type { ServerProcess } from "../tests/support/server-process";
import { test } from "../tests/support/server-test";
import { createTestDatabase } from "../tests/support/test-database";
import { mailTo, postEnquiry, validEnquiry } from "../tests/support/test-service";

const total = 300;
const leaseMs = 5_000;

// Two real server processes on one PostgreSQL database and a real SMTP peer; one is
// SIGKILLed in the middle of the run and started again: processes on real ports are the point. A load balancer would send a visitor
// whose request broke to the other instance, so this test does too.
test("delivers every acknowledged enquiry from two instances, one killed mid-run, at most one twice", {
  timeout: 120_000,
}, async ({ startSmtpPeer, openStore, spawnServer, tempDir }) => {
  const siteRoot = join(tempDir, "site");
  writeFixtureSite(siteRoot);
  const databaseUrl = await createTestDatabase();
  // Each message's acknowledgement is held back a little, so the kill lands mid-delivery.
  const smtp = await startSmtpPeer({ ackDelayMs: 15 });
  const env = {
    SITE_ROOT: siteRoot,
    DATABASE_URL: databaseUrl,
    ...mailTo(smtp.port),
    ENQUIRY_RATE_LIMIT_PER_MINUTE: "10000",
    DELIVERY_LEASE_MS: String(leaseMs),
    DELIVERY_POLL_MS: "200",
    LOG_LEVEL: "info",
  };
  const running: ServerProcess[] = [];
  const start = () =>
    spawnServer(env, 60_000).then((started) => {
      running.push(started);
      return started;
    });
  const instances = await Promise.all([start(), start()]);

  const acknowledged: string[] = [];
  let sent = 0;
  let killed: ServerProcess | undefined;
  let restarting: Promise<void> | undefined;
  async function client() {
    // Bounded: each enquiry is tried at most a few times, on alternating instances.
    while (sent < total) {
      const first = sent++;
      for (let attempt = 0; attempt < 5; attempt++) {
        const instance = (first + attempt) % 2 === 0 ? instances[0] : instances[1];
        const result = await postEnquiry(instance.baseUrl, validEnquiry()).catch(() => undefined);
        if (result?.status === 201) {
          acknowledged.push(String(result.json?.id));
          break;
        }
      }
      if (acknowledged.length === 100 && !killed) {
        killed = instances[0];
        killed.child.kill("SIGKILL");
        // Started again on the same database, as an orchestrator would.
        restarting = killed.exited.then(async () => {
          instances[0] = await start();
        });
      }
    }
  }
  await Promise.all(Array.from({ length: 8 }, client));
  expect(acknowledged).toHaveLength(total);
  expect(killed).toBeDefined();
  expect((await killed?.exited)?.signal).toBe("SIGKILL");
  await restarting;

  // Done when the store records every enquiry delivered (a job the killed instance held
  // is taken again when its lease runs out).
  const store = await openStore(databaseUrl);
  await vi.waitFor(
    async () => {
      const statuses = (await store.listEnquiries()).map((e) => e.delivery.status);
      expect(
        statuses.every((status) => status === "delivered"),
        "every enquiry delivered",
      ).toBe(true);
    },
    { timeout: 60_000, interval: 250 },
  );

  const mailsPerId = new Map<string, number>();
  for (const mail of smtp.received) {
    const id = /<enquiry-([0-9a-f-]{36})@amanzi\.example>/.exec(mail.raw)?.[1];
    if (id) mailsPerId.set(id, (mailsPerId.get(id) ?? 0) + 1);
  }
  expect(acknowledged.filter((id) => !mailsPerId.has(id))).toEqual([]);
  // The one the killed instance had handed to SMTP but not yet recorded can go twice.
  const twice = [...mailsPerId].filter(([, count]) => count > 1);
  expect(twice.length).toBeLessThanOrEqual(1);
  expect(twice.every(([, count]) => count === 2)).toBe(true);

  // Deliveries were shared: at least two of the three processes sent some. (Not "each":
  // on a busy machine the killed one may not have sent any before its kill.)
  const senders = running.filter((instance) => instance.output().includes("enquiry delivered"));
  expect(senders.length).toBeGreaterThanOrEqual(2);
});

// docs/operations.md, "Running several instances": the rate limit is counted per instance.
test("lets one client address through each instance's own rate limit", async ({ buildService }) => {
  const databaseUrl = await createTestDatabase();
  const settings = { DATABASE_URL: databaseUrl, ENQUIRY_RATE_LIMIT_PER_MINUTE: "2" };
  const instances = [await buildService(settings), await buildService(settings)];
  const statuses = [];
  for (const instance of instances)
    for (let n = 0; n < 3; n++)
      statuses.push((await postEnquiry(instance.app, validEnquiry())).status);
  expect(statuses).toEqual([201, 201, 429, 201, 201, 429]);
});
