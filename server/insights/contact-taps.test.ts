import { rmSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { tapTargetsFile } from "../../contract/contact-taps";
import { fixtureTapTargets } from "../../tests/support/fixture-site";
import { it } from "../../tests/support/server-test";
import type { TestService } from "../../tests/support/test-service";
import { dayOf } from "./insights-report";

const phone =
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";
const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const tap = async ({ baseUrl }: TestService, path: string, userAgent = phone) => {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { "user-agent": userAgent },
    redirect: "manual",
  });
  const body = await response.text();
  return { status: response.status, location: response.headers.get("location"), body };
};

it("redirects a tap on the phone or WhatsApp link to the build's address and counts it per day and place", async ({
  databasePath,
  startService,
  openStore,
}) => {
  const started = await startService({
    DATABASE_URL: `file:${databasePath}`,
    INSIGHTS_FLUSH_SECONDS: "3600",
  });
  expect(await tap(started, "/go/phone?from=footer")).toMatchObject({
    status: 302,
    location: fixtureTapTargets.phone,
  });
  // Where it leads is the build's, whatever the request adds.
  expect(
    await tap(started, "/go/whatsapp?from=contact&to=https://elsewhere.example/"),
  ).toMatchObject({ status: 302, location: fixtureTapTargets.whatsapp });
  expect(await tap(started, "/go/whatsapp?from=contact")).toMatchObject({ status: 302 });
  // A crawler following the link is redirected too, but is no person tapping.
  expect(await tap(started, "/go/phone?from=contact", bot)).toMatchObject({ status: 302 });
  await started.app.close();

  const store = await openStore(`file:${databasePath}`);
  const today = dayOf(new Date());
  expect(await store.insights.readTaps(today, today)).toEqual([
    { day: today, channel: "phone", source: "footer", taps: 1 },
    { day: today, channel: "whatsapp", source: "contact", taps: 2 },
  ]);
});

it("answers a bad channel or place with a 400 naming it, and a detail the build has not with a 404", async ({
  startService,
}) => {
  const started = await startService();
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
  const withoutDetails = await startService({ SITE_ROOT: join(started.dir, "site") });
  expect(await tap(withoutDetails, "/go/phone?from=footer")).toMatchObject({
    status: 404,
    body: '{"error":"not_found"}',
  });
});
