import { join } from "node:path";
import { expect } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { it } from "../../tests/support/server-test";
import { postValidEnquiry } from "../../tests/support/test-service";
import { waitFor } from "../../tests/support/wait-for";
import { openSqliteEnquiryStore } from "../store/open-enquiry-store";

// Retention as the running server applies it, on a real SQLite file and a real SMTP peer.

const day = 86_400_000;
const enquiry = (email: string) => sampleEnquiry({ email });

it("purges delivered enquiries past retention when it starts, keeping undelivered ones, and warns when the privacy statement states another period", async ({
  startService,
  tempDir,
}) => {
  const databasePath = join(tempDir, "enquiries.db");
  const seed = openSqliteEnquiryStore(databasePath);
  const old = await seed.saveEnquiry(
    enquiry("old@example.co.za"),
    new Date(Date.now() - 40 * day),
    mailOnly,
  );
  await seed.markDelivered(old.id, "mail", new Date(Date.now() - 40 * day));
  await seed.saveEnquiry(enquiry("stuck@example.co.za"), new Date(Date.now() - 40 * day), mailOnly);
  const recent = await seed.saveEnquiry(
    enquiry("new@example.co.za"),
    new Date(Date.now() - day),
    mailOnly,
  );
  await seed.markDelivered(recent.id, "mail", new Date());

  const service = await startService({
    DATABASE_URL: `file:${databasePath}`,
    ENQUIRY_RETENTION_DAYS: "30",
  });
  try {
    const left = await waitFor("the startup purge", async () => {
      const emails = (await seed.listEnquiries()).map((e) => e.email);
      return emails.length === 2 ? emails : undefined;
    });
    expect(left).toEqual(["stuck@example.co.za", "new@example.co.za"]);
    const logged = service.logs.join("");
    expect(logged).toMatch(/"deleted":1,"keptUndelivered":1,"retentionDays":30/);
    expect(logged).not.toMatch(/example\.co\.za/);
  } finally {
    await seed.close();
  }
  // The fixture site's manifest says it was built with the default, 365 days.
  const warning = service.logs.find((line) => line.includes("privacy statement"));
  expect(warning).toMatch(/"level":40/);
  expect(warning).toMatch(/does not state ENQUIRY_RETENTION_DAYS=30 with .* \(it states 365 days/);
  const matching = await startService();
  expect(matching.logs.join("")).not.toMatch(/privacy statement/);
});

it("with ENQUIRY_RETENTION_DAYS=0 keeps an enquiry only until it is delivered", async ({
  startMailingService,
}) => {
  const { smtp, service } = await startMailingService({ ENQUIRY_RETENTION_DAYS: "0" });
  const result = await postValidEnquiry(service.baseUrl);
  expect(result.status).toBe(201);
  await waitFor("the mail", () => smtp.received[0]);

  const store = openSqliteEnquiryStore(service.databasePath);
  try {
    await waitFor("the delivered enquiry to be deleted", async () =>
      (await store.listEnquiries()).length === 0 ? true : undefined,
    );
  } finally {
    await store.close();
  }
});
