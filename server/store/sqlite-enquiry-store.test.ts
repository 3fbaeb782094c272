import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EnquiryStore, NewEnquiry } from "./enquiry-store";
import { openSqliteEnquiryStore } from "./sqlite-enquiry-store";

const dirs: string[] = [];
const stores: EnquiryStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "enquiry-store-"));
  dirs.push(dir);
  return dir;
}

function openStore(path = join(tempDir(), "enquiries.db"), warn?: (m: string) => void) {
  const store = openSqliteEnquiryStore(path, { warn: warn ?? (() => {}) });
  stores.push(store);
  return store;
}

const day = 86_400_000;
const t0 = new Date("2026-01-01T00:00:00.000Z");
const at = (days: number) => new Date(t0.getTime() + days * day);

const enquiry = (email: string, name = "Thandi Nkosi"): NewEnquiry => ({
  name,
  phone: "0821234567",
  email,
  enquiryType: "support",
  message: "My meter stopped reporting.",
});

describe("a person's requests", () => {
  it("finds every enquiry from an address whatever its case, and nothing else", async () => {
    const store = openStore();
    await store.saveEnquiry(enquiry("Thandi@Example.co.za"), at(0));
    await store.saveEnquiry(enquiry("thandi@example.co.za"), at(1));
    await store.saveEnquiry(enquiry("sipho@example.co.za", "Sipho"), at(2));

    const found = await store.findByEmail("THANDI@example.CO.ZA");

    expect(found.map((e) => e.email)).toEqual(["Thandi@Example.co.za", "thandi@example.co.za"]);
    expect(found[0]).toMatchObject({
      name: "Thandi Nkosi",
      phone: "0821234567",
      message: "My meter stopped reporting.",
      delivery: { status: "pending", attempts: 0 },
    });
    expect(await store.findByEmail("nobody@example.co.za")).toEqual([]);
  });

  it("erases an address's enquiries with their delivery jobs, leaving others'", async () => {
    const store = openStore();
    const first = await store.saveEnquiry(enquiry("thandi@example.co.za"), at(0));
    await store.markDelivered(first.id, at(0));
    await store.saveEnquiry(enquiry("THANDI@example.co.za"), at(1));
    await store.saveEnquiry(enquiry("sipho@example.co.za", "Sipho"), at(2));

    expect(await store.eraseByEmail("Thandi@Example.co.za")).toBe(2);

    expect((await store.listEnquiries()).map((e) => e.email)).toEqual(["sipho@example.co.za"]);
    // The erased enquiry's pending job is gone too: nothing is left to deliver but Sipho's.
    expect(await store.deliveryBacklog()).toMatchObject({ pending: 1, oldestPendingSince: at(2) });
    expect(await store.eraseByEmail("thandi@example.co.za")).toBe(0);
  });

  it("leaves no trace of an erased enquiry in the database file or its WAL", async () => {
    const path = join(tempDir(), "enquiries.db");
    const store = openStore(path);
    const marker = "Unmistakable-erasure-marker-7f3a";
    await store.saveEnquiry({ ...enquiry("thandi@example.co.za"), message: marker }, at(0));
    const onDisk = () =>
      [path, `${path}-wal`]
        .filter((file) => existsSync(file))
        .map((file) => readFileSync(file).toString("latin1"))
        .join("");
    expect(onDisk()).toContain(marker);

    await store.eraseByEmail("thandi@example.co.za");

    expect(onDisk()).not.toContain(marker);
  });
});

describe("retention", () => {
  it("deletes delivered enquiries received before the cutoff and keeps undelivered ones", async () => {
    const store = openStore();
    const oldDelivered = await store.saveEnquiry(enquiry("a@example.co.za"), at(0));
    await store.markDelivered(oldDelivered.id, at(0));
    await store.saveEnquiry(enquiry("b@example.co.za"), at(1)); // old, never delivered
    const recentDelivered = await store.saveEnquiry(enquiry("c@example.co.za"), at(30));
    await store.markDelivered(recentDelivered.id, at(30));

    const cutoff = at(10);
    expect(await store.purgeDelivered(cutoff, { dryRun: true })).toEqual({
      deleted: 1,
      keptUndelivered: 1,
    });
    expect(await store.listEnquiries()).toHaveLength(3);

    expect(await store.purgeDelivered(cutoff)).toEqual({ deleted: 1, keptUndelivered: 1 });
    expect((await store.listEnquiries()).map((e) => e.email)).toEqual([
      "b@example.co.za",
      "c@example.co.za",
    ]);
    expect(await store.purgeDelivered(cutoff)).toEqual({ deleted: 0, keptUndelivered: 1 });
  });

  it("reports the backlog of pending deliveries and the oldest one's receipt", async () => {
    const store = openStore();
    expect(await store.deliveryBacklog()).toEqual({ pending: 0, oldestPendingSince: undefined });
    const first = await store.saveEnquiry(enquiry("a@example.co.za"), at(0));
    await store.saveEnquiry(enquiry("b@example.co.za"), at(2));
    await store.saveEnquiry(enquiry("c@example.co.za"), at(1));
    expect(await store.deliveryBacklog()).toEqual({ pending: 3, oldestPendingSince: at(0) });
    await store.markDelivered(first.id, at(3));
    expect(await store.deliveryBacklog()).toEqual({ pending: 2, oldestPendingSince: at(1) });
  });
});

describe("file modes", () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it("creates the folder 0700 and the database and its WAL files 0600, whatever the umask", async () => {
    const previous = process.umask(0);
    try {
      const folder = join(tempDir(), "data");
      const path = join(folder, "enquiries.db");
      const store = openStore(path);
      await store.saveEnquiry(enquiry("a@example.co.za"), at(0));

      expect(modeOf(folder)).toBe(0o700);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file)).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it("tightens an existing store file that others could read, and warns", async () => {
    const path = join(tempDir(), "enquiries.db");
    await openStore(path).close();
    writeFileSync(`${path}-wal`, "");
    chmodSync(path, 0o644);
    chmodSync(`${path}-wal`, 0o666);
    const warnings: string[] = [];

    openStore(path, (message) => warnings.push(message));

    expect(modeOf(path)).toBe(0o600);
    expect(modeOf(`${path}-wal`)).toBe(0o600);
    expect(warnings).toEqual([
      `${path} was readable by other users (mode 0644); tightened to 0600`,
      `${path}-wal was readable by other users (mode 0666); tightened to 0600`,
    ]);
  });

  it("leaves an existing folder's mode alone: it may be shared", () => {
    const folder = tempDir();
    chmodSync(folder, 0o755);
    openStore(join(folder, "enquiries.db"));
    expect(modeOf(folder)).toBe(0o755);
  });
});
