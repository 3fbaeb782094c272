import type { Database } from "better-sqlite3";
import { pendingMigrations } from "./pending-migrations";

// Append only: each entry runs once, in order, tracked by SQLite's user_version. Never edit
// a migration that has shipped; add a new one.
const migrations = [
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

export function migrate(db: Database): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  const pending = pendingMigrations(migrations, current);
  const apply = db.transaction(() => {
    for (const { version, sql } of pending) {
      db.exec(sql);
      db.pragma(`user_version = ${version}`);
    }
  });
  // IMMEDIATE: two processes starting together (server and CLI) must not both migrate.
  apply.immediate();
}
