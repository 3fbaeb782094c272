import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { createTestDatabase } from "./test-database";

/**
 * Both stores the service runs on, for `describe.each(storeKinds)`: tests that say what any
 * store must do run against a real SQLite file and a real PostgreSQL database. Each gives the
 * DATABASE_URL of a new, empty store; a SQLite file goes in a new folder inside `dir` (the
 * test's `tempDir`, removed after the test).
 */
export const storeKinds: { name: string; newDatabaseUrl(dir: string): Promise<string> }[] = [
  {
    name: "SQLite",
    newDatabaseUrl: async (dir) => `file:${join(mkdtempSync(join(dir, "store-")), "enquiries.db")}`,
  },
  { name: "PostgreSQL", newDatabaseUrl: () => createTestDatabase() },
];
