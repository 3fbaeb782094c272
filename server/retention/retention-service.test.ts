import { expect, vi } from "vitest";
import { test } from "../../tests/support/server-test";
import { postValidEnquiry } from "../../tests/support/test-service";

// Retention as the running server applies it, on a real SQLite file and a real SMTP peer.

// That the running service purges on its schedule, with its own setting: the test below (the
// schedule's purge with ENQUIRY_RETENTION_DAYS=0 runs only once the service has started it);
// what the schedule purges, and when: retention.test.ts.
test("warns at start when the privacy statement states another period, and not when it agrees", async ({
  buildService,
}) => {
  // The fixture site's manifest says it was built with the default, 365 days.
  const service = await buildService({ ENQUIRY_RETENTION_DAYS: "30" });
  const warning = service.logs.find((line) => line.includes("privacy statement"));
  expect(warning).toMatch(/"level":40/);
  expect(warning).toMatch(
    /does not state ENQUIRY_RETENTION_DAYS=30 and HELD_RETENTION_DAYS=30 with .* \(it states 365 days/,
  );
  const matching = await buildService();
  expect(matching.logs.join("")).not.toMatch(/privacy statement/);
});

test("with ENQUIRY_RETENTION_DAYS=0 keeps an enquiry only until it is delivered", async ({
  startMailingService,
}) => {
  const { smtp, service } = await startMailingService({ ENQUIRY_RETENTION_DAYS: "0" });
  const result = await postValidEnquiry(service.app);
  expect(result.status).toBe(201);
  await vi.waitFor(() => expect(smtp.received).not.toEqual([]), 10_000);

  await vi.waitFor(async () => expect(await service.store.listEnquiries()).toEqual([]), 10_000);
});
