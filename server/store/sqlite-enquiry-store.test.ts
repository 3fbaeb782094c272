import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { test } from "../../tests/support/server-test";

/** Opens the store at `path` with the warnings going to `warn`, or nowhere. */
const it = test.extend(
  "open",
  ({ openSqliteStore }) =>
    (path: string, warn?: (m: string) => void) =>
      openSqliteStore(path, { warn: warn ?? (() => {}) }),
);

const day = 86_400_000;
const t0 = new Date("2026-01-01T00:00:00.000Z");
const at = (days: number) => new Date(t0.getTime() + days * day);

const enquiry = (email: string) => sampleEnquiry({ email });

describe("a person's requests", () => {
  it("leaves no trace of an erased enquiry in the database file or its WAL", async ({
    open,
    tempDir,
  }) => {
    const path = join(tempDir, "enquiries.db");
    const store = await open(path);
    const marker = "Unmistakable-erasure-marker-7f3a";
    await store.saveEnquiry(
      { ...enquiry("thandi@example.co.za"), message: marker },
      at(0),
      mailOnly,
    );
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

describe("file modes", () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it("creates the folder 0700 and the database and its WAL files 0600, whatever the umask", async ({
    open,
    tempDir,
  }) => {
    const previous = process.umask(0);
    try {
      const folder = join(tempDir, "data");
      const path = join(folder, "enquiries.db");
      const store = await open(path);
      await store.saveEnquiry(enquiry("a@example.co.za"), at(0), mailOnly);

      expect(modeOf(folder)).toBe(0o700);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file)).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it("tightens an existing store file that others could read, and warns, leaving its folder's mode alone: it may be shared", async ({
    open,
    tempDir,
  }) => {
    chmodSync(tempDir, 0o755);
    const path = join(tempDir, "enquiries.db");
    await (await open(path)).close();
    writeFileSync(`${path}-wal`, "");
    chmodSync(path, 0o644);
    chmodSync(`${path}-wal`, 0o666);
    const warnings: string[] = [];

    await open(path, (message) => warnings.push(message));

    expect(modeOf(path)).toBe(0o600);
    expect(modeOf(`${path}-wal`)).toBe(0o600);
    expect(warnings).toEqual([
      `${path} was readable by other users (mode 0644); tightened to 0600`,
      `${path}-wal was readable by other users (mode 0666); tightened to 0600`,
    ]);
    expect(modeOf(tempDir)).toBe(0o755);
  });
});
