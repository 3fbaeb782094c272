import type { Database as SqliteDatabase } from "better-sqlite3";
import { type Kysely, sql } from "kysely";

// Append only: each entry runs once, in order. Never edit a migration that has shipped; add a
// new one. The two engines keep separate lists because every step so far needed different DDL
// (types, SQLite's table copy where PostgreSQL alters in place, WITHOUT ROWID), and each store
// records its version where it always has: SQLite's user_version, PostgreSQL's
// schema_migrations. SQLite's list is one longer: its lease_token came in a step of its own.
const sqliteMigrations = [
  `CREATE TABLE enquiries (
     id TEXT PRIMARY KEY,
     received_at TEXT NOT NULL,
     name TEXT NOT NULL,
     phone TEXT NOT NULL,
     email TEXT NOT NULL,
     enquiry_type TEXT NOT NULL,
     message TEXT NOT NULL
   );
   CREATE TABLE deliveries (
     enquiry_id TEXT PRIMARY KEY REFERENCES enquiries (id),
     status TEXT NOT NULL CHECK (status IN ('pending', 'delivered')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER,
     delivered_at TEXT,
     last_error TEXT
   );
   CREATE INDEX deliveries_due ON deliveries (status, next_attempt_at);`,
  // The claim protocol (decision 0006): whose claim a pending delivery is under.
  "ALTER TABLE deliveries ADD COLUMN lease_token TEXT;",
  // The site the enquiry was sent from (the payload's compname), passed on by the webhook.
  "ALTER TABLE enquiries ADD COLUMN company_name TEXT;",
  // One job per channel (decision 0012); the jobs so far were all mail. SQLite cannot change
  // a primary key in place, so the table is copied.
  `CREATE TABLE deliveries_by_channel (
     enquiry_id TEXT NOT NULL REFERENCES enquiries (id),
     channel TEXT NOT NULL CHECK (channel IN ('mail', 'webhook', 'acknowledgement')),
     status TEXT NOT NULL CHECK (status IN ('pending', 'delivered')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER,
     delivered_at TEXT,
     last_error TEXT,
     lease_token TEXT,
     PRIMARY KEY (enquiry_id, channel)
   );
   INSERT INTO deliveries_by_channel
     SELECT enquiry_id, 'mail', status, attempts, next_attempt_at, delivered_at, last_error,
       lease_token
     FROM deliveries;
   DROP TABLE deliveries;
   ALTER TABLE deliveries_by_channel RENAME TO deliveries;
   CREATE INDEX deliveries_due ON deliveries (channel, status, next_attempt_at);
   CREATE TABLE acknowledgements (
     address TEXT PRIMARY KEY,
     acknowledged_at INTEGER NOT NULL
   );`,
  // Insights (decision 0021): daily counts, kept for months; each day's salt and visitor
  // hashes, deleted once the day is over.
  `CREATE TABLE insights_daily (
     day TEXT NOT NULL,
     dimension TEXT NOT NULL,
     value TEXT NOT NULL,
     pageviews INTEGER NOT NULL,
     visitors INTEGER NOT NULL,
     visits INTEGER NOT NULL,
     enquiries INTEGER NOT NULL,
     PRIMARY KEY (day, dimension, value)
   ) WITHOUT ROWID;
   CREATE TABLE insights_salts (day TEXT PRIMARY KEY, salt BLOB NOT NULL);
   CREATE TABLE insights_visitors (
     day TEXT NOT NULL,
     hash TEXT NOT NULL,
     entry TEXT NOT NULL,
     source TEXT NOT NULL,
     medium TEXT NOT NULL,
     campaign TEXT NOT NULL,
     device TEXT NOT NULL,
     PRIMARY KEY (day, hash)
   ) WITHOUT ROWID;
   CREATE TABLE insights_visitor_pages (
     day TEXT NOT NULL,
     hash TEXT NOT NULL,
     path TEXT NOT NULL,
     PRIMARY KEY (day, hash, path)
   ) WITHOUT ROWID;`,
];

const postgresMigrations = [
  `CREATE TABLE enquiries (
     id uuid PRIMARY KEY,
     received_at timestamptz NOT NULL,
     name text NOT NULL,
     phone text NOT NULL,
     email text NOT NULL,
     enquiry_type text NOT NULL,
     message text NOT NULL
   );
   CREATE TABLE deliveries (
     enquiry_id uuid PRIMARY KEY REFERENCES enquiries (id),
     status text NOT NULL CHECK (status IN ('pending', 'delivered')),
     attempts integer NOT NULL DEFAULT 0,
     next_attempt_at timestamptz,
     delivered_at timestamptz,
     last_error text,
     lease_token text
   );
   CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
   CREATE INDEX enquiries_email ON enquiries (lower(email));
   CREATE INDEX enquiries_received ON enquiries (received_at);`,
  // The site the enquiry was sent from (the payload's compname), passed on by the webhook.
  "ALTER TABLE enquiries ADD COLUMN company_name text;",
  // One job per channel (decision 0012); the jobs so far were all mail.
  `ALTER TABLE deliveries ADD COLUMN channel text NOT NULL DEFAULT 'mail'
     CHECK (channel IN ('mail', 'webhook', 'acknowledgement'));
   ALTER TABLE deliveries ALTER COLUMN channel DROP DEFAULT;
   ALTER TABLE deliveries DROP CONSTRAINT deliveries_pkey;
   ALTER TABLE deliveries ADD PRIMARY KEY (enquiry_id, channel);
   DROP INDEX deliveries_due;
   CREATE INDEX deliveries_due ON deliveries (channel, next_attempt_at) WHERE status = 'pending';
   CREATE TABLE acknowledgements (
     address text PRIMARY KEY,
     acknowledged_at timestamptz NOT NULL
   );`,
  // Insights (decision 0021): daily counts, kept for months; each day's salt and visitor
  // hashes, deleted once the day is over.
  `CREATE TABLE insights_daily (
     day text NOT NULL,
     dimension text NOT NULL,
     value text NOT NULL,
     pageviews integer NOT NULL,
     visitors integer NOT NULL,
     visits integer NOT NULL,
     enquiries integer NOT NULL,
     PRIMARY KEY (day, dimension, value)
   );
   CREATE TABLE insights_salts (day text PRIMARY KEY, salt bytea NOT NULL);
   CREATE TABLE insights_visitors (
     day text NOT NULL,
     hash text NOT NULL,
     entry text NOT NULL,
     source text NOT NULL,
     medium text NOT NULL,
     campaign text NOT NULL,
     device text NOT NULL,
     PRIMARY KEY (day, hash)
   );
   CREATE TABLE insights_visitor_pages (
     day text NOT NULL,
     hash text NOT NULL,
     path text NOT NULL,
     PRIMARY KEY (day, hash, path)
   );`,
];

/**
 * What a store at schema version `current` still needs from an append-only migration list,
 * each with the version it brings the store to. A store newer than this server is refused: an
 * older release must not write to a schema it does not know.
 */
function pendingMigrations(
  migrations: readonly string[],
  current: number,
): { version: number; sql: string }[] {
  if (current > migrations.length) {
    throw new Error(
      `The enquiry store is at schema version ${current}, newer than this server knows (${migrations.length}).`,
    );
  }
  return migrations.slice(current).map((sql, index) => ({ version: current + index + 1, sql }));
}

/** Brings a SQLite store up to date, before anything else uses the connection. */
export function migrateSqlite(db: SqliteDatabase): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  const pending = pendingMigrations(sqliteMigrations, current);
  const apply = db.transaction(() => {
    for (const { version, sql } of pending) {
      db.exec(sql);
      db.pragma(`user_version = ${version}`);
    }
  });
  // IMMEDIATE: two processes starting together (server and CLI) must not both migrate.
  apply.immediate();
}

// Any constant: every instance of this service asks for the same advisory lock.
const migrationLock = 0x656e7175;

/**
 * Brings a PostgreSQL store up to date in one transaction. Instances starting together queue
 * on a transaction-level advisory lock, so exactly one applies each migration and the others
 * then find it recorded; the lock goes with the transaction, even if the process dies.
 */
export async function migratePostgres<Tables>(db: Kysely<Tables>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${migrationLock})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`.execute(trx);
    const { rows } = await sql<{ current: number | null }>`
      SELECT max(version) AS current FROM schema_migrations`.execute(trx);
    for (const { version, sql: ddl } of pendingMigrations(
      postgresMigrations,
      rows[0]?.current ?? 0,
    )) {
      // No parameters, so pg sends it as a simple query, which may hold several statements.
      await sql.raw(ddl).execute(trx);
      await sql`INSERT INTO schema_migrations (version) VALUES (${version})`.execute(trx);
    }
  });
}
