import { join } from "node:path";
import { expect, vi } from "vitest";
import { freePort } from "../../tests/support/free-port";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { test } from "../../tests/support/server-test";
import { mailTo, postEnquiry, validEnquiry } from "../../tests/support/test-service";
import { createServiceMetrics } from "../service-metrics";
import { openSqliteEnquiryStore } from "../store/open-enquiry-store";

// The app's routes through inject; the metrics are scraped over a real socket, as the listener
// of their own (METRICS_PORT) is the point.

async function scrape(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    text: await response.text(),
  };
}

/** One sample's value, e.g. sample(text, 'enquiries_refused_total{reason="invalid_enquiry"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test("counts accepted and refused enquiries and sent deliveries, in Prometheus text format", async ({
  startMailingService,
}) => {
  const metricsPort = await freePort();
  const { smtp, service } = await startMailingService({ METRICS_PORT: String(metricsPort) });
  const { app } = service;

  expect((await postEnquiry(app, validEnquiry())).status).toBe(201);
  expect((await postEnquiry(app, validEnquiry({ email: "nope" }))).status).toBe(400);
  expect((await postEnquiry(app, validEnquiry({ phone: "x" }))).status).toBe(400);
  const fromElsewhere = { "sec-fetch-site": "cross-site" };
  expect((await postEnquiry(app, validEnquiry(), fromElsewhere)).status).toBe(403);
  expect((await postEnquiry(app, "{broken")).status).toBe(400);
  await vi.waitFor(() => expect(smtp.received).not.toEqual([]), 10_000);

  const metrics = await vi.waitFor(async () => {
    const scraped = await scrape(metricsPort);
    expect(sample(scraped.text, 'enquiry_deliveries_sent_total{channel="mail"}')).toBe(1);
    return scraped;
  }, 10_000);
  expect(metrics.status).toBe(200);
  expect(metrics.type).toMatch(/^text\/plain; version=0\.0\.4/);
  const { text } = metrics;
  expect(text).toContain("# TYPE enquiries_accepted_total counter");
  expect(sample(text, "enquiries_accepted_total")).toBe(1);
  expect(sample(text, 'enquiries_refused_total{reason="invalid_enquiry"}')).toBe(2);
  expect(sample(text, 'enquiries_refused_total{reason="cross_origin_request"}')).toBe(1);
  expect(sample(text, 'enquiries_refused_total{reason="invalid_json"}')).toBe(1);
  expect(sample(text, 'enquiry_deliveries_failed_total{channel="mail"}')).toBe(0);
  expect(sample(text, 'enquiry_deliveries_sent_total{channel="webhook"}')).toBe(0);
  expect(sample(text, 'enquiry_deliveries_pending{channel="webhook"}')).toBe(0);
  // Nothing about who wrote in.
  expect(text).not.toMatch(/thandi|example\.co\.za/i);
});

test("counts page views served to browsers by route, on a listener of its own that stops with the service", async ({
  buildService,
}) => {
  const metricsPort = await freePort();
  const { app } = await buildService({ METRICS_PORT: String(metricsPort) });
  const browser = {
    "user-agent":
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  };
  const visit = async (path: string, headers: Record<string, string>) => {
    expect((await app.inject({ url: path, headers })).statusCode).toBe(200);
  };
  await visit("/", browser);
  await visit("/", browser);
  await visit("/hardware", browser);
  await visit("/hardware", { "user-agent": "curl/8.14.1" });
  const home = 'site_page_views_total{route="/"}';
  const hardware = 'site_page_views_total{route="/hardware"}';
  const first = (await scrape(metricsPort)).text;
  expect(sample(first, home)).toBe(2);
  expect(sample(first, hardware)).toBe(1);
  // A page nobody has seen yet is there from the start, at zero.
  expect(sample(first, 'site_page_views_total{route="/contact"}')).toBe(0);
  await visit("/", browser);
  const second = (await scrape(metricsPort)).text;
  expect(sample(second, home)).toBe(3);
  expect(sample(second, hardware)).toBe(1);

  const metrics = await app.inject("/metrics");
  const unknown = await app.inject("/no-such-page");
  // Exactly what any unknown page gets (the redirect home of requirements §2.1), not the numbers.
  expect(metrics.statusCode).toBe(unknown.statusCode);
  expect(metrics.headers.location).toBe(unknown.headers.location);
  expect(metrics.body).not.toContain("enquiries_accepted_total");
  // And the metrics listener serves nothing else.
  expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  await app.close();
  await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
});

test("reads the backlog from the store at scrape time and counts failed attempts", async ({
  buildService,
  tempDir,
}) => {
  const databasePath = join(tempDir, "enquiries.db");
  // Written as another instance sharing the store would have: this process never saw it.
  const seed = await openSqliteEnquiryStore(databasePath);
  const stored = new Date(Date.now() - 2 * 3_600_000);
  await seed.saveEnquiry(sampleEnquiry(), stored, mailOnly);
  await seed.close();

  const metricsPort = await freePort();
  const closedSmtpPort = await freePort();
  await buildService({
    ...mailTo(closedSmtpPort),
    DATABASE_URL: `file:${databasePath}`,
    DELIVERY_RETRY_BASE_MS: "50",
    DELIVERY_RETRY_CAP_MS: "100",
    METRICS_PORT: String(metricsPort),
  });

  const { text } = await vi.waitFor(async () => {
    const scraped = await scrape(metricsPort);
    const failed = sample(scraped.text, 'enquiry_deliveries_failed_total{channel="mail"}');
    expect(failed).toBeGreaterThanOrEqual(2);
    return scraped;
  }, 10_000);
  expect(sample(text, 'enquiry_deliveries_sent_total{channel="mail"}')).toBe(0);
  expect(sample(text, 'enquiry_deliveries_pending{channel="mail"}')).toBe(1);
  const age = sample(text, 'enquiry_oldest_pending_delivery_age_seconds{channel="mail"}') ?? 0;
  // The seeded enquiry's age when scraped: at least the two hours it was stored ago, and no more
  // than the time since.
  expect(age).toBeGreaterThanOrEqual(7200);
  expect(age).toBeLessThanOrEqual((Date.now() - stored.getTime()) / 1000);
});

test("reads the backlog once per scrape for both backlog gauges", async ({ tempDir }) => {
  const store = await openSqliteEnquiryStore(join(tempDir, "enquiries.db"));
  let reads = 0;
  const counted = {
    ...store,
    deliveryBacklog: () => {
      reads++;
      return store.deliveryBacklog();
    },
  };
  try {
    const { registry } = createServiceMetrics(counted);
    const text = await registry.metrics();
    expect(sample(text, 'enquiry_deliveries_pending{channel="mail"}')).toBe(0);
    expect(sample(text, 'enquiry_oldest_pending_delivery_age_seconds{channel="mail"}')).toBe(0);
    expect(reads).toBe(1);
    await registry.metrics();
    expect(reads).toBe(2);
  } finally {
    await store.close();
  }
});
