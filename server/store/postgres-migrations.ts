import type { Pool } from "pg";
import { pendingMigrations } from "./pending-migrations";
import { inTransaction } from "./postgres-transaction";

// Append only, like the SQLite list: each entry runs once, in order, recorded in
// schema_migrations. Never edit a migration that has shipped; add a new one.
const migrations = [
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

// Any constant: every instance of this service asks for the same advisory lock.
const migrationLock = 0x656e7175;

/**
 * Brings the schema up to date in one transaction. Instances starting together queue on a
 * transaction-level advisory lock, so exactly one applies each migration and the others
 * then find it recorded; the lock goes with the transaction, even if the process dies.
 */
export async function migrate(pool: Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [migrationLock]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await client.query<{ current: number | null }>(
      "SELECT max(version) AS current FROM schema_migrations",
    );
    const current = rows[0]?.current ?? 0;
    for (const { version, sql } of pendingMigrations(migrations, current)) {
      await client.query(sql);
      await client.query("INSERT INTO schema_migrations (version) VALUES ($1)", [version]);
    }
  });
}
