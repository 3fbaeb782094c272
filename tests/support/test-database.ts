import { inject } from "vitest";
import { createDatabase } from "./postgres-server";

/**
 * A fresh, empty database on the run's PostgreSQL server (see postgres-global-setup.ts), so
 * test files running in parallel never see each other's rows. Returns its URL.
 */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject("postgresUrl");
  if (!adminUrl) {
    throw new Error(`No PostgreSQL server for this test run: ${inject("postgresProblem")}`);
  }
  return createDatabase(adminUrl);
}
