import { expect, vi } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { runEnquiriesCli } from "../../tests/support/server-process";
import { it } from "../../tests/support/server-test";

// Text a visitor sent before the contract refused control characters (or that reached the store
// some other way), through the real command: it prints nothing a terminal would obey.
vi.setConfig({ testTimeout: 90_000 });

/** What a terminal obeys rather than shows, a line break and a tab apart. */
const obeyed = /(?![\n\t])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

const hostile = sampleEnquiry({
  name: "Eve\u001b]0;owned\u0007\u001b[8m hidden",
  email: "eve@example.co.za",
  message: "Hello\rdelivery_status:  delivered\u001b[2J\u009b31m\u202egnp.exe\r\nSecond line",
  companyName: "=cmd|' /C calc'!A0",
});

it("prints a visitor's control characters made visible in list, find and export", async ({
  tempDir,
  openStore,
}) => {
  const databaseUrl = `file:${tempDir}/enquiries.db`;
  const store = await openStore(databaseUrl);
  await store.saveEnquiry(hostile, new Date("2026-11-01T08:00:00Z"), mailOnly);
  const outputs = {
    list: (await runEnquiriesCli(databaseUrl, "list")).stdout,
    listJson: (await runEnquiriesCli(databaseUrl, "list", "--json")).stdout,
    find: (await runEnquiriesCli(databaseUrl, "find", "--email", "eve@example.co.za")).stdout,
    findJson: (await runEnquiriesCli(databaseUrl, "find", "--email", "eve@example.co.za", "--json"))
      .stdout,
    export: (await runEnquiriesCli(databaseUrl, "export", "--csv")).stdout,
  };
  for (const [command, output] of Object.entries(outputs)) {
    // CSV ends its rows with CRLF, as RFC 4180 says; a row cannot end inside a quoted cell.
    const lines = command === "export" ? output.replaceAll("\r\n", "\n") : output;
    expect(lines, command).not.toMatch(obeyed);
    expect(output, command).toContain("\\u001b");
  }
  expect(outputs.list).toContain("Eve\\u001b]0;owned\\u0007\\u001b[8m hidden");
  expect(outputs.find).toContain(
    "Hello\\u000ddelivery_status:  delivered\\u001b[2J\\u009b31m\\u202egnp.exe",
  );
  // A real line break stays one, indented under its field.
  expect(outputs.find).toMatch(/gnp\.exe\n {19}Second line/);
  // JSON keeps every character: its escapes read back as what was stored.
  expect(JSON.parse(outputs.findJson)[0]).toMatchObject({
    name: hostile.name,
    message: hostile.message,
  });
  // The spreadsheet formula guard still holds.
  expect(outputs.export).toContain(`'=cmd|' /C calc'!A0`);
});
