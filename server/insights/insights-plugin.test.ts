import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { HTTPMethods } from "fastify";
import { expect } from "vitest";
import { tapTargetsFile } from "../../contract/contact-taps";
import { fixtureEditorAsset, fixtureTapTargets } from "../../tests/support/fixture-site";
import { test } from "../../tests/support/server-test";
import {
  type BuiltService,
  type buildTestService,
  postEnquiry,
  validEnquiry,
} from "../../tests/support/test-service";
import { dayOf } from "../days";
import { readInsightsReport } from "./insights-report";

// Distinctive, so a search of the store and the logs can only find them if they were kept.
const phone =
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36 ProbeUA/41";
const desktop =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 ProbeUA/42";
const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const addresses = ["203.0.113.41", "203.0.113.42", "203.0.113.43", "203.0.113.44"];

/** Our own site as a referrer: the Host that `inject` sends. */
const ourSite = "http://localhost";

const service = (buildService: typeof buildTestService, env: Record<string, string> = {}) =>
  buildService({
    // The client address comes from X-Forwarded-For, so each test visitor has its own.
    TRUST_PROXY: "127.0.0.1",
    // Nothing is flushed on a timer during a test: closing the app writes it all.
    INSIGHTS_FLUSH_SECONDS: "3600",
    ...env,
  });

const visit = (
  { app }: BuiltService,
  url: string,
  headers: Record<string, string>,
  method: HTTPMethods = "GET",
) => app.inject({ method, url, headers }).then((response) => response.statusCode);

const as = (address: string | undefined, userAgent: string, more: Record<string, string> = {}) => ({
  ...(address ? { "x-forwarded-for": address } : {}),
  "user-agent": userAgent,
  ...more,
});

/** What the service counted, once closing it has written it all. */
async function reportAfterClose(started: BuiltService) {
  await started.app.close();
  return readInsightsReport(started.store.insights, { days: 1 });
}

test("counts browsers' page views, visitors but those who opt out, their sources and downloads, attributes an enquiry to the visit, and keeps no address or user agent", async ({
  buildService,
  closeAfter,
}) => {
  const started = await service(buildService, { LOG_LEVEL: "debug" });
  const [first, second, third, fourth] = addresses;
  const fromSearch = as(first, phone, { referer: "https://www.google.com/search?q=meters" });
  expect(
    await visit(
      started,
      "/hardware?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring",
      as(second, desktop),
    ),
  ).toBe(200);
  expect(await visit(started, "/", fromSearch)).toBe(200);
  const internal = { referer: `${ourSite}/` };
  expect(await visit(started, "/contact", as(first, phone, internal))).toBe(200);
  expect(await visit(started, "/contact", as(first, phone, internal))).toBe(200);
  expect(await visit(started, "/", as(second, desktop))).toBe(200);
  // Global Privacy Control and Do Not Track: a page view, never a visitor, and an enquiry with no
  // visit.
  const optingOut = as(fourth, desktop, { "sec-gpc": "1" });
  expect(await visit(started, "/", optingOut)).toBe(200);
  expect(await visit(started, "/hardware", as(fourth, phone, { dnt: "1" }))).toBe(200);
  expect((await postEnquiry(started.app, validEnquiry(), optingOut)).status).toBe(201);

  // No bot, HEAD, file, editor, API call or redirect counts. Which requests are a browser's (no
  // program's or prefetch): page-view.test.ts.
  const browser = as(third, desktop);
  const statuses = [
    await visit(started, "/", as(third, bot)),
    await visit(started, "/hardware", browser, "HEAD"),
    await visit(started, "/favicon.svg", browser),
    await visit(started, fixtureEditorAsset, browser),
    await visit(started, "/healthz", browser),
    await visit(started, "/hardware/", browser),
    await visit(started, "/no-such-page", browser),
  ];
  expect(statuses).toEqual([200, 200, 200, 200, 200, 301, 302]);

  // A datasheet's download counts by file and by the page that linked it, once a day per visitor
  // and only from its first byte; not a bot's, a HEAD, a later range's or an opted-out
  // visitor's (who cannot be told from a repeat); and it is no page view.
  const fromPage = { referer: `${ourSite}/hardware/water-meter` };
  const datasheet = "/datasheets/water-meter.pdf";
  const firstByte = { range: "bytes=0-0" };
  const downloads = [
    [as(first, phone, fromPage), 200],
    [as(first, phone), 200],
    [as(first, phone, { ...fromPage, range: "bytes=10-" }), 206],
    [as(second, desktop), 200],
    [as(second, bot), 200],
    [as(third, desktop, firstByte), 206],
    [as(third, desktop, firstByte), 206],
    [optingOut, 200],
  ] as const;
  for (const [headers, status] of downloads)
    expect(await visit(started, datasheet, headers)).toBe(status);
  expect(await visit(started, datasheet, as(fourth, phone), "HEAD")).toBe(200);
  expect(await visit(started, "/datasheets/missing.pdf", as(first, phone))).not.toBe(200);

  // The first visitor sends an enquiry from the contact page.
  const sent = await postEnquiry(started.app, validEnquiry(), as(first, phone));
  expect(sent.status).toBe(201);

  const report = await reportAfterClose(started);
  expect(report).toMatchObject({
    pageviews: 7,
    visitors: 2,
    visits: 2,
    enquiries: 2,
    pages: [
      { path: "/", pageviews: 3, visitors: 2, visits: 1, enquiries: 1 },
      { path: "/hardware", pageviews: 2, visitors: 1, visits: 1, enquiries: 0 },
      { path: "/contact", pageviews: 2, visitors: 1, visits: 0, enquiries: 0 },
    ],
    sources: [
      { source: "google.com", visits: 1, enquiries: 1 },
      { source: "newsletter", visits: 1, enquiries: 0 },
    ],
    campaigns: [{ campaign: "spring", visits: 1, enquiries: 0 }],
    mediums: [{ medium: "email", visits: 1, enquiries: 0 }],
    devices: [
      { device: "phone", pageviews: 4, visitors: 1 },
      { device: "tablet", pageviews: 0, visitors: 0 },
      { device: "desktop", pageviews: 3, visitors: 1 },
    ],
    downloadFiles: [{ path: datasheet, downloads: 3 }],
    downloadSources: [
      { source: "direct", downloads: 2 },
      { source: "/hardware/water-meter", downloads: 1 },
    ],
  });
  expect(report.days).toEqual([expect.objectContaining({ downloads: 3, pageviews: 7 })]);

  // Every row of every table, and the file's bytes (freed pages included), as text.
  const db = closeAfter(new Database(started.databasePath, { readonly: true }));
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all();
  expect(tables.map((t) => t.name)).toEqual(
    expect.arrayContaining(["insights_daily", "insights_salts", "insights_visitors"]),
  );
  const dump = tables
    .map(({ name }) => JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all()))
    .join("\n");
  const bytes = ["", "-wal"]
    .map((suffix) => readFileSync(`${started.databasePath}${suffix}`).toString("latin1"))
    .join("");
  const logs = started.logs.join("");
  for (const kept of [dump, bytes, logs]) {
    for (const address of addresses) expect(kept).not.toContain(address);
    expect(kept).not.toContain("ProbeUA");
    expect(kept).not.toContain("Pixel 9");
  }
  // The check can fail: the store does hold what was counted.
  expect(dump).toContain("google.com");
});

test("counts nothing with INSIGHTS=off", async ({ buildService }) => {
  const started = await service(buildService, { INSIGHTS: "off" });
  expect(await visit(started, "/", as(addresses[0], desktop))).toBe(200);
  expect((await postEnquiry(started.app, validEnquiry(), as(addresses[0], desktop))).status).toBe(
    201,
  );
  const report = await reportAfterClose(started);
  expect(report).toMatchObject({ pageviews: 0, visitors: 0, enquiries: 0 });
});

/** What a browser says of a tap on a link (Fetch Metadata). */
const navigation = { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" };

/** A tap on the phone or WhatsApp link, answered with a redirect. */
const tap = (
  { app }: BuiltService,
  url: string,
  userAgent = phone,
  headers: Record<string, string> = navigation,
  method: HTTPMethods = "GET",
) =>
  app
    .inject({ method, url, headers: { "user-agent": userAgent, ...headers } })
    .then((r) => ({ status: r.statusCode, location: r.headers.location, body: r.body }));

test("redirects a tap on the phone or WhatsApp link to the build's address and counts a person's tap per day and place", async ({
  buildService,
}) => {
  const started = await service(buildService);
  expect(await tap(started, "/go/phone?from=footer")).toMatchObject({
    status: 302,
    location: fixtureTapTargets.phone,
  });
  // Where it leads is the build's, whatever the request adds.
  expect(
    await tap(started, "/go/whatsapp?from=contact&to=https://elsewhere.example/"),
  ).toMatchObject({ status: 302, location: fixtureTapTargets.whatsapp });
  expect(await tap(started, "/go/whatsapp?from=contact")).toMatchObject({ status: 302 });
  // A crawler, a HEAD or another site's <img> is redirected too, but is no person tapping; a
  // browser's top-level navigation is.
  expect(await tap(started, "/go/phone?from=contact", bot)).toMatchObject({ status: 302 });
  // Which headers make a navigation: page-view.test.ts.
  const image = {
    "sec-fetch-dest": "image",
    "sec-fetch-site": "cross-site",
    "sec-fetch-mode": "no-cors",
  };
  for (const [headers, method] of [
    [navigation, "HEAD"],
    [image, "GET"],
  ] as const)
    expect(await tap(started, "/go/phone?from=footer", phone, headers, method)).toMatchObject({
      status: 302,
    });
  await started.app.close();

  const today = dayOf(new Date());
  expect(await started.store.insights.readTaps(today, today)).toEqual([
    { day: today, channel: "phone", source: "footer", taps: 1 },
    { day: today, channel: "whatsapp", source: "contact", taps: 2 },
  ]);
});

test("answers a bad tap's channel or place with a 400 naming it, and a detail the build has not with a 404", async ({
  buildService,
}) => {
  const started = await buildService();
  expect(await tap(started, "/go/fax?from=footer")).toMatchObject({
    status: 400,
    body: expect.stringContaining('"error":"bad_channel"'),
  });
  expect(await tap(started, "/go/phone?from=somewhere")).toMatchObject({
    status: 400,
    body: expect.stringContaining("from: use footer or contact"),
  });
  expect(await tap(started, "/go/phone")).toMatchObject({ status: 400 });
  await started.app.close();

  rmSync(join(started.dir, "site", tapTargetsFile));
  const withoutDetails = await buildService({ SITE_ROOT: join(started.dir, "site") });
  expect(await tap(withoutDetails, "/go/phone?from=footer")).toMatchObject({
    status: 404,
    body: '{"error":"not_found"}',
  });
});
