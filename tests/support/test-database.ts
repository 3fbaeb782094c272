import { randomUUID } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/**
 * A fresh, empty database on the run's PostgreSQL server (see postgres-global-setup.ts), so
 * test files running in parallel never see each other's rows. Returns its URL.
 */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject("postgresUrl");
  if (!adminUrl)
    throw new Error(`No PostgreSQL server for this test run: ${inject("postgresProblem")}`);
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} STRATEGY FILE_COPY`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}
