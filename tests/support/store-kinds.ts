import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { createTestDatabase } from "./test-database";

export type StoreKind = {
  name: "SQLite" | "PostgreSQL";
  /**
   * The DATABASE_URL of a new, empty store of this kind. A SQLite file goes in a new folder
   * inside `dir` (the test's `tempDir`, removed after the test).
   */
  newDatabaseUrl(dir: string): Promise<string>;
};

/**
 * Both stores the service runs on, for `describe.each(storeKinds)`: tests that say what any
 * store must do run against a real SQLite file and a real PostgreSQL database.
 */
export const storeKinds: StoreKind[] = [
  {
    name: "SQLite",
    async newDatabaseUrl(dir) {
      return `file:${join(mkdtempSync(join(dir, "store-")), "enquiries.db")}`;
    },
  },
  { name: "PostgreSQL", newDatabaseUrl: () => createTestDatabase() },
];
