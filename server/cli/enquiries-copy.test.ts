import { expect } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { runEnquiriesCli } from "../../tests/support/server-process";
import { it } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { createTestDatabase } from "../../tests/support/test-database";

const [sqlite] = storeKinds;

const enquiry = (name: string) => sampleEnquiry({ name });

it("copies a SQLite store into PostgreSQL with its delivery state, and nothing twice", {
  timeout: 90_000,
}, async ({ openStore, tempDir }) => {
  const from = await sqlite?.newDatabaseUrl(tempDir);
  if (!from) throw new Error("no SQLite store kind");
  const to = await createTestDatabase();
  const source = await openStore(from);
  const delivered = await source.saveEnquiry(
    enquiry("Delivered"),
    new Date("2026-03-01T08:00:00Z"),
    mailOnly,
  );
  const pending = await source.saveEnquiry(
    enquiry("Pending"),
    new Date("2026-03-01T09:00:00Z"),
    mailOnly,
  );
  const claim = await source.claimDueDelivery("mail", new Date("2026-03-01T08:00:00Z"), 60_000);
  expect(claim?.enquiry.id).toBe(delivered.id);
  await source.markDelivered(delivered.id, "mail", new Date("2026-03-01T08:00:05Z"));
  const expected = await source.listEnquiries();

  expect((await runEnquiriesCli(from, "copy", "--to", to)).stdout).toContain(
    "Copied 2 of 2 enquiries",
  );
  expect((await runEnquiriesCli(from, "copy", "--to", to)).stdout).toContain(
    "Copied 0 of 2 enquiries; 0 deliveries brought up to date; 2 already there.",
  );
  // The CLI reads PostgreSQL as it reads SQLite.
  const copied = JSON.parse((await runEnquiriesCli(to, "list", "--json")).stdout);
  expect(copied).toEqual(expected);
  expect(copied.map((e: { id: string }) => e.id)).toEqual([delivered.id, pending.id]);
});

it("refuses a copy without a target", async () => {
  await expect(
    runEnquiriesCli("file:/nonexistent/enquiries.db", "copy", "--to"),
  ).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining("copy --to DATABASE_URL"),
  });
});
