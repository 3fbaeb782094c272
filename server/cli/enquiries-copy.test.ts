import { expect } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { runEnquiriesCli } from "../../tests/support/server-process";
import { it } from "../../tests/support/server-test";
import { createTestDatabase } from "../../tests/support/test-database";

it("copies a SQLite store into PostgreSQL with its delivery state, row by row past a row it refuses, and nothing twice", {
  timeout: 90_000,
}, async ({ openStore, tempDir }) => {
  const from = `file:${tempDir}/enquiries.db`;
  const to = await createTestDatabase();
  const source = await openStore(from);
  const at = (time: string) => new Date(`2026-03-01T${time}Z`);
  const delivered = await source.saveEnquiry(
    sampleEnquiry({ name: "Delivered" }),
    at("08:00:00"),
    mailOnly,
  );
  // Kept by SQLite before the contract refused control characters; PostgreSQL refuses a NUL.
  const nul = await source.saveEnquiry(
    sampleEnquiry({ name: "Nul\u0000" }),
    at("08:30:00"),
    mailOnly,
  );
  const pending = await source.saveEnquiry(
    sampleEnquiry({ name: "Pending" }),
    at("09:00:00"),
    mailOnly,
  );
  const claim = await source.claimDueDelivery("mail", at("08:00:00"), 60_000);
  expect(claim?.enquiry.id).toBe(delivered.id);
  await source.markDelivered(delivered.id, "mail", at("08:00:05"));
  const expected = (await source.listEnquiries()).filter((e) => e.id !== nul.id);

  const copy = () =>
    runEnquiriesCli(from, "copy", "--to", to).then(
      () => expect.unreachable("the copy should fail"),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  for (const copied of [
    "Copied 2 of 3 enquiries; 0 deliveries brought up to date; 0 already there.",
    "Copied 0 of 3 enquiries; 0 deliveries brought up to date; 2 already there.",
  ]) {
    const failed = await copy();
    expect(failed.code).toBe(1);
    expect(failed.stderr).not.toMatch(/at .*\.ts:\d+/);
    expect(failed.stdout).toContain(`${copied}\nNot copied (1), the target refused them:\n`);
    expect(failed.stdout).toMatch(new RegExp(`  ${nul.id}: .*0x00`));
  }
  // The CLI reads PostgreSQL as it reads SQLite.
  const copied = JSON.parse((await runEnquiriesCli(to, "list", "--json")).stdout);
  expect(copied).toEqual(expected);
  expect(copied.map((e: { id: string }) => e.id)).toEqual([delivered.id, pending.id]);
});
