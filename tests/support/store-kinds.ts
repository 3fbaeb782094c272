import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { createTestDatabase } from "./test-database";

export type StoreKind = {
  name: "SQLite" | "PostgreSQL";
  /** The DATABASE_URL of a new, empty store of this kind. */
  newDatabaseUrl(): Promise<string>;
};

const sqliteDirs: string[] = [];
afterAll(() => {
  for (const dir of sqliteDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Both stores the service runs on, for `describe.each(storeKinds)`: tests that say what any
 * store must do run against a real SQLite file and a real PostgreSQL database.
 */
export const storeKinds: StoreKind[] = [
  {
    name: "SQLite",
    async newDatabaseUrl() {
      const dir = mkdtempSync(join(tmpdir(), "enquiry-store-"));
      sqliteDirs.push(dir);
      return `file:${join(dir, "enquiries.db")}`;
    },
  },
  { name: "PostgreSQL", newDatabaseUrl: createTestDatabase },
];
