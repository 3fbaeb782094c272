import { join } from "node:path";
import { createTestDatabase } from "./test-database";
import { testPartsClosedAfterAll } from "./test-parts";

export type StoreKind = {
  name: "SQLite" | "PostgreSQL";
  /** The DATABASE_URL of a new, empty store of this kind. */
  newDatabaseUrl(): Promise<string>;
};

// The SQLite files' folders, removed after the test file that imports this one.
const parts = testPartsClosedAfterAll();

/**
 * Both stores the service runs on, for `describe.each(storeKinds)`: tests that say what any
 * store must do run against a real SQLite file and a real PostgreSQL database.
 */
export const storeKinds: StoreKind[] = [
  {
    name: "SQLite",
    async newDatabaseUrl() {
      return `file:${join(parts.tempDir("enquiry-store-"), "enquiries.db")}`;
    },
  },
  { name: "PostgreSQL", newDatabaseUrl: createTestDatabase },
];
