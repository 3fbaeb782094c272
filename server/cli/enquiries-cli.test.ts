import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, vi } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { nodeWithTsx } from "../../tests/support/server-process";
import { test } from "../../tests/support/server-test";
import { createTestDatabase } from "../../tests/support/test-database";
import type { openEnquiryStore } from "../store/open-enquiry-store";

// The real command, in its own process, on a real SQLite file; on PostgreSQL, the copy test's
// list. Each run starts Node with tsx, which takes seconds on a busy two-core machine: hence the
// long timeouts. What each command does to a store of either kind: server/store's tests.
vi.setConfig({ testTimeout: 120_000 });
let databaseUrl = "";

function cli(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(...nodeWithTsx("server/cli/enquiries-cli.ts", args), {
    cwd: resolve(import.meta.dirname, "../.."),
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl, ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const day = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * day);
const enquiry = (email: string) => sampleEnquiry({ email, enquiryType: "support" });

async function storedEmails(openStore: typeof openEnquiryStore) {
  const store = await openStore(databaseUrl);
  return (await store.listEnquiries()).map((e) => e.email);
}

test("explains a command it does not know, or one without what it needs, before touching any store", () => {
  for (const args of [["drop"], ["erase"], ["purge", "--yes"], ["copy", "--to"], ["release"]]) {
    const result = cli(args);
    expect(result.status, args.join(" ")).toBe(2);
    expect(result.stderr, args.join(" ")).toMatch(/Usage: npm run enquiries/);
  }
});

describe("on a store", () => {
  // From Thandi one delivered 40 days ago and one waiting 50; Sipho's of 5 days ago.
  test.beforeEach(async ({ openStore, tempDir }) => {
    databaseUrl = `file:${tempDir}/enquiries.db`;
    const store = await openStore(databaseUrl);
    const save = async (email: string, age: number, delivered: boolean) => {
      const { id } = await store.saveEnquiry(enquiry(email), daysAgo(age), mailOnly);
      if (delivered) await store.markDelivered(id, "mail", daysAgo(age));
    };
    await save("Thandi@Example.co.za", 40, true);
    await save("thandi@example.co.za", 50, false);
    await save("sipho@example.co.za", 5, true);
  });

  test("puts what it finds and exports on each enquiry's timeline, naming the command", async ({
    openStore,
  }) => {
    cli(["find", "--email", "sipho@example.co.za"]);
    cli(["export", "--csv"]);
    const store = await openStore(databaseUrl);
    const [sipho] = await store.findByEmail("sipho@example.co.za");
    const events = (await store.inbox.read(sipho?.id ?? ""))?.events;
    expect(events?.map((e) => [e.kind, e.staffName, e.detail])).toEqual([
      ["exported", null, "npm run enquiries find"],
      ["exported", null, "npm run enquiries export"],
    ]);
    expect(await store.inbox.eventsStored()).toBe(4);
  });

  test("find shows every field of every enquiry from the address, ignoring case, as text or JSON; list shows each channel's delivery", () => {
    const found = cli(["find", "--email", "THANDI@example.co.za"]);
    expect(found.status).toBe(0);
    expect(found.stdout).toMatch(/^name:\s+Thandi Nkosi$/m);
    expect(found.stdout).toMatch(/^phone:\s+0821234567$/m);
    expect(found.stdout).toMatch(/^email:\s+Thandi@Example\.co\.za$/m);
    expect(found.stdout).toMatch(/^email:\s+thandi@example\.co\.za$/m);
    expect(found.stdout).toMatch(/^delivery_status:\s+delivered$/m);
    expect(found.stdout).toMatch(/^delivery_status:\s+pending$/m);
    expect(found.stdout).toContain("2 enquiries.");
    expect(found.stdout).not.toContain("sipho");

    // The JSON is the stored records as they are (the control characters' test reads one back).
    const records = JSON.parse(cli(["find", "--email", "thandi@EXAMPLE.co.za", "--json"]).stdout);
    expect(records.map((r: { email: string }) => r.email)).toEqual([
      "thandi@example.co.za",
      "Thandi@Example.co.za",
    ]);
    expect(cli(["find", "--email", "nobody@example.co.za"]).stdout).toBe(
      "No enquiries from nobody@example.co.za.\n",
    );
    // The table's columns and summary: listing.test.ts.
    expect(cli(["list"]).stdout).toContain("3 enquiries, 1 awaiting delivery.");
  });

  test("erase refuses without --yes; with it, deletes every enquiry from the address, delivered or not", async ({
    openStore,
  }) => {
    const refused = cli(["erase", "--email", "thandi@example.co.za"]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/Not erasing.*\n.*\n.*--yes/);
    expect(await storedEmails(openStore)).toHaveLength(3);

    const result = cli(["erase", "--email", "THANDI@example.co.za", "--yes"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      "Erased 2 enquiries from THANDI@example.co.za, with their delivery jobs.\n",
    );
    expect(await storedEmails(openStore)).toEqual(["sipho@example.co.za"]);
  });

  // The words, and a year by default: retention.test.ts and contract/settings.test.ts.
  test("past ENQUIRY_RETENTION_DAYS says, then deletes, the delivered ones only", async ({
    openStore,
  }) => {
    const retention = { ENQUIRY_RETENTION_DAYS: "30" };
    const dryRun = cli(["purge", "--dry-run"], retention);
    expect(dryRun.status).toBe(0);
    expect(dryRun.stdout).toMatch(
      /^Would delete 1 delivered .*\nKept 1 enquiry received over 30 days ago and not yet/,
    );
    expect(await storedEmails(openStore)).toHaveLength(3);

    const result = cli(["purge"], retention);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Deleted 1 delivered enquiry received over 30 days ago/);
    expect(await storedEmails(openStore)).toEqual(["thandi@example.co.za", "sipho@example.co.za"]);
  });
});

test("lists the held enquiries with their reasons, releases one into delivery once, and marks one spam", async ({
  openStore,
  tempDir,
}) => {
  databaseUrl = `file:${tempDir}/enquiries.db`;
  const store = await openStore(databaseUrl);
  const hold = (email: string, reason: string) =>
    store.saveEnquiry(enquiry(email), daysAgo(1), mailOnly, { reason });
  const first = await hold("thandi@example.co.za", "low_score 0.3");
  const second = await hold("eve@example.co.za", "verifier_unreachable");

  const listed = cli(["held"]);
  expect(listed.stdout).toMatch(
    new RegExp(`${first.id}\\s+low_score 0\\.3\\s+support\\s+Thandi Nkosi\\s+thandi@`),
  );
  expect(listed.stdout).toMatch(new RegExp(`${second.id}\\s+verifier_unreachable\\s`));
  expect(listed.stdout).toContain("2 enquiries held.");

  expect(cli(["release", first.id])).toMatchObject({
    status: 0,
    stdout: expect.stringMatching(/^Released /),
  });
  expect(cli(["release", first.id])).toMatchObject({
    status: 1,
    stdout: expect.stringMatching(/is not held/),
  });
  expect(cli(["spam", second.id])).toMatchObject({
    status: 0,
    stdout: expect.stringMatching(/^Marked .* as spam/),
  });
  expect(cli(["held"]).stdout).toBe("No enquiries held.\n");
  const after = await store.listEnquiries();
  expect(
    after.map((e) => [e.email, e.status, e.delivery.channels.map((job) => job.channel)]),
  ).toEqual(
    expect.arrayContaining([
      ["thandi@example.co.za", "accepted", ["mail"]],
      ["eve@example.co.za", "spam", []],
    ]),
  );
});

/** What a terminal obeys rather than shows, a line break and a tab apart. */
const obeyed = /(?![\n\t])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

const hostile = sampleEnquiry({
  name: "Eve\u001b]0;owned\u0007\u001b[8m hidden",
  email: "eve@example.co.za",
  message: "Hello\rdelivery_status:  delivered\u001b[2J\u009b31m\u202egnp.exe\r\nSecond line",
  companyName: "=cmd|' /C calc'!A0",
});

// Text a visitor sent before the contract refused control characters (or that reached the store
// some other way), through the real command: it prints nothing a terminal would obey.
test("prints a visitor's control characters made visible in list, find and export", async ({
  tempDir,
  openStore,
}) => {
  const url = `file:${tempDir}/enquiries.db`;
  const store = await openStore(url);
  await store.saveEnquiry(hostile, new Date("2026-11-01T08:00:00Z"), mailOnly);
  const run = (...args: string[]) => cli(args, { DATABASE_URL: url }).stdout;
  const outputs = {
    list: run("list"),
    listJson: run("list", "--json"),
    find: run("find", "--email", "eve@example.co.za"),
    findJson: run("find", "--email", "eve@example.co.za", "--json"),
    export: run("export", "--csv"),
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

test("copies a SQLite store into PostgreSQL with its delivery state, staff, routing, stages and timelines, row by row past a row it refuses, and nothing twice", async ({
  openStore,
  tempDir,
}) => {
  const from = `file:${tempDir}/enquiries.db`;
  const to = await createTestDatabase();
  const source = await openStore(from);
  const at = (time: string) => new Date(`2026-03-01T${time}Z`);
  await source.staff.addStaff(
    { email: "naledi@amanzi.example", name: "Naledi", owner: true },
    at("07:00:00"),
  );
  const [naledi = { id: "" }] = await source.staff.listStaff();
  const key = { id: "key-1", staffId: naledi.id, publicKey: new Uint8Array([1, 2]), counter: 3 };
  await source.staff.savePasskey(key, ["internal"], at("07:00:00"));
  await source.inbox.setRoutes({ consultation: naledi.id });
  const save = (name: string, time: string) =>
    source.saveEnquiry(sampleEnquiry({ name }), at(time), mailOnly);
  const delivered = await save("Delivered", "08:00:00");
  // Kept by SQLite before the contract refused control characters; PostgreSQL refuses a NUL.
  const nul = await save("Nul\u0000", "08:30:00");
  const pending = await save("Pending", "09:00:00");
  const claim = await source.claimDueDelivery("mail", at("08:00:00"), 60_000);
  expect(claim?.enquiry.id).toBe(delivered.id);
  await source.markDelivered(delivered.id, "mail", at("08:00:05"));
  await source.inbox.noteVisit(delivered.id, { entry: "/prepaid", source: "google" });
  await source.replies.stopClock(delivered.id, at("08:10:00"));
  await source.inbox.setStage(delivered.id, "contacted", naledi.id, at("08:10:00"));

  const steps = [
    ["Copied 1 of 1 staff", "Copied 2 of 3 enquiries; 0 brought up to date; 0 already there."],
    ["Copied 0 of 1 staff", "Copied 0 of 3 enquiries; 1 brought up to date; 1 already there."],
  ];
  for (const [staff, copied] of steps) {
    const failed = cli(["copy", "--to", to], { DATABASE_URL: from });
    expect(failed.status).toBe(1);
    expect(failed.stderr).not.toMatch(/at .*\.ts:\d+/);
    expect(failed.stdout).toMatch(
      new RegExp(`^${staff}, with their passkeys, and the routing\\.\n`),
    );
    expect(failed.stdout).toContain(`${copied}\nNot copied (1), the target refused them:\n`);
    expect(failed.stdout).toMatch(new RegExp(`  ${nul.id}: .*0x00`));
    const target = await openStore(to);
    const kept = async (store: typeof source) =>
      (await store.exportEnquiries()).filter((e) => e.id !== nul.id);
    expect(await kept(target)).toEqual(await kept(source));
    expect(await target.staff.exportStaff()).toEqual(await source.staff.exportStaff());
    expect(await target.inbox.routes()).toEqual({ consultation: naledi.id });
    await target.close();
    await source.inbox.setStage(pending.id, "won", naledi.id, at("10:00:00"));
  }
  // The CLI reads PostgreSQL as it reads SQLite.
  const expected = (await source.listEnquiries()).filter((e) => e.id !== nul.id);
  expect(JSON.parse(cli(["list", "--json"], { DATABASE_URL: to }).stdout)).toEqual(expected);
});
