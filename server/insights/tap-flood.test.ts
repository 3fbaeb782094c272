import pg from "pg";
import { expect } from "vitest";
import { test } from "../../tests/support/server-test";
import { createTestDatabase } from "../../tests/support/test-database";
import { postValidEnquiry } from "../../tests/support/test-service";
import { dayOf } from "../days";

// The red team's flood of /go/phone (issue 47), bounded: many taps in flight at once
// while the counts' tables are locked, as a store slowed by counting would hold them. An
// enquiry must not wait on anything counting holds (decision 0040).
const flood = { taps: 1000, inFlight: 25, enquiries: 5 };
const browser = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  "sec-fetch-dest": "document",
  "sec-fetch-mode": "navigate",
};

test("answers enquiries and /readyz through a flood of taps on PostgreSQL while counting is stalled, and loses no tap", async ({
  buildService,
  closeAfter,
}) => {
  const databaseUrl = await createTestDatabase();
  const service = await buildService({
    DATABASE_URL: databaseUrl,
    ENQUIRY_RATE_LIMIT_PER_MINUTE: "off",
    // Flushes run during the flood, and wait on the lock below.
    INSIGHTS_FLUSH_SECONDS: "1",
  });
  const locker = new pg.Client({ connectionString: databaseUrl });
  await locker.connect();
  closeAfter({ close: () => locker.end() });
  await locker.query("BEGIN");
  await locker.query("LOCK TABLE insights_taps, insights_daily IN EXCLUSIVE MODE");

  let sent = 0;
  const tapper = async () => {
    while (sent < flood.taps) {
      sent++;
      const response = await service.app.inject({ url: "/go/phone?from=footer", headers: browser });
      expect(response.statusCode).toBe(302);
    }
  };
  const answers: { enquiry: number; readyz: number }[] = [];
  const enquirer = async () => {
    for (let n = 0; n < flood.enquiries; n++) {
      const enquiry = (await postValidEnquiry(service.app)).status;
      const readyz = (await service.app.inject("/readyz")).statusCode;
      answers.push({ enquiry, readyz });
    }
  };
  await Promise.all([...Array.from({ length: flood.inFlight }, tapper), enquirer()]);
  expect(answers).toEqual(Array(flood.enquiries).fill({ enquiry: 201, readyz: 200 }));
  expect(await service.store.listEnquiries()).toHaveLength(flood.enquiries);

  await locker.query("COMMIT");
  await service.app.close();
  const today = dayOf(new Date());
  expect(await service.store.insights.readTaps(today, today)).toEqual([
    { day: today, channel: "phone", source: "footer", taps: flood.taps },
  ]);
}, 60_000);
