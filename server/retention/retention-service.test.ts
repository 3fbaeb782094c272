import { expect } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { it } from "../../tests/support/server-test";
import { postValidEnquiry } from "../../tests/support/test-service";
import { waitFor } from "../../tests/support/wait-for";

// Retention as the running server applies it, on a real SQLite file and a real SMTP peer.

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

it("purges delivered enquiries past retention when it starts, keeping undelivered ones, and warns when the privacy statement states another period", async ({
  startService,
  sqliteStore: seed,
  databasePath,
}) => {
  const save = async (email: string, age: number, delivered: boolean) => {
    const { id } = await seed.saveEnquiry(sampleEnquiry({ email }), daysAgo(age), mailOnly);
    if (delivered) await seed.markDelivered(id, "mail", daysAgo(age));
  };
  await save("old@example.co.za", 40, true);
  await save("stuck@example.co.za", 40, false);
  await save("new@example.co.za", 1, true);

  const service = await startService({
    DATABASE_URL: `file:${databasePath}`,
    ENQUIRY_RETENTION_DAYS: "30",
  });
  const left = await waitFor("the startup purge", async () => {
    const emails = (await seed.listEnquiries()).map((e) => e.email);
    return emails.length === 2 ? emails : undefined;
  });
  expect(left).toEqual(["stuck@example.co.za", "new@example.co.za"]);
  const logged = service.logs.join("");
  expect(logged).toMatch(/"deleted":1,"keptUndelivered":1,"retentionDays":30/);
  expect(logged).not.toMatch(/example\.co\.za/);

  // The fixture site's manifest says it was built with the default, 365 days.
  const warning = service.logs.find((line) => line.includes("privacy statement"));
  expect(warning).toMatch(/"level":40/);
  expect(warning).toMatch(/does not state ENQUIRY_RETENTION_DAYS=30 with .* \(it states 365 days/);
  const matching = await startService();
  expect(matching.logs.join("")).not.toMatch(/privacy statement/);
});

it("with ENQUIRY_RETENTION_DAYS=0 keeps an enquiry only until it is delivered", async ({
  startMailingService,
  openSqliteStore,
}) => {
  const { smtp, service } = await startMailingService({ ENQUIRY_RETENTION_DAYS: "0" });
  const result = await postValidEnquiry(service.baseUrl);
  expect(result.status).toBe(201);
  await waitFor("the mail", () => smtp.received[0]);

  const store = await openSqliteStore(service.databasePath);
  await waitFor("the delivered enquiry to be deleted", async () =>
    (await store.listEnquiries()).length === 0 ? true : undefined,
  );
});
