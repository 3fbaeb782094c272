import { readdirSync, readFileSync } from "node:fs";
import type { Database as SqliteDatabase } from "better-sqlite3";
import { type Kysely, sql } from "kysely";

// Each engine's steps are the files of migrations/<engine>/, run once each in the order of their
// names. Append only: a shipped step is never edited. The engines keep their own lists because
// every step so far needed different DDL (decision 0027), and record their version where they
// always have: SQLite's user_version, PostgreSQL's schema_migrations.

/** What a store at version `current` still needs; a store newer than this server is refused. */
function pendingMigrations(engine: "sqlite" | "postgres", current: number) {
  const folder = new URL(`./migrations/${engine}/`, import.meta.url);
  const steps = readdirSync(folder)
    .filter((file) => file.endsWith(".sql"))
    .sort();
  if (current > steps.length) {
    throw new Error(
      `The enquiry store is at schema version ${current}, newer than this server knows (${steps.length}).`,
    );
  }
  return steps.slice(current).map((file, index) => ({
    version: current + index + 1,
    ddl: readFileSync(new URL(file, folder), "utf8"),
  }));
}

/** Brings a SQLite store up to date, before anything else uses the connection. */
export function migrateSqlite(db: SqliteDatabase): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  const apply = db.transaction(() => {
    for (const { version, ddl } of pendingMigrations("sqlite", current)) {
      db.exec(ddl);
      db.pragma(`user_version = ${version}`);
    }
  });
  // IMMEDIATE: two processes starting together (server and CLI) must not both migrate.
  apply.immediate();
}

/** Brings a PostgreSQL store up to date; instances starting together queue on an advisory lock. */
export async function migratePostgres<Tables>(db: Kysely<Tables>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${0x656e7175})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`.execute(trx);
    const { rows } = await sql<{ current: number | null }>`
      SELECT max(version) AS current FROM schema_migrations`.execute(trx);
    for (const { version, ddl } of pendingMigrations("postgres", rows[0]?.current ?? 0)) {
      // No parameters: pg sends it as a simple query, which may hold several statements.
      await sql.raw(ddl).execute(trx);
      await sql`INSERT INTO schema_migrations (version) VALUES (${version})`.execute(trx);
    }
  });
}
