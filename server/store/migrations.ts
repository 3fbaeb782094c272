import { readdirSync, readFileSync } from "node:fs";
import type { Database as SqliteDatabase } from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";

// Each engine's steps are the files of migrations/<engine>/, named NNN-what.sql, which Kysely's
// Migrator runs once each in the order of their names and records in kysely_migration. Append
// only: a shipped step is never edited. The engines keep their own lists because every step so
// far needed different DDL (decision 0027).
//
// A step leaves the store usable by the release before it (expand only: a new table, or a new
// column that is nullable or has a default), so a rollback needs no restore (decision 0038).
// A step that cannot says so in its name, `NNN-what.needs-MMM.sql`: after it, only a server
// that knows step MMM may run on the store. A server accepts steps it does not know that a
// newer release ran, and refuses the store only when one of them needs more than it knows.

type Engine = "sqlite" | "postgres";
// biome-ignore lint/suspicious/noExplicitAny: the Migrator's tables are its own, not the store's
type AnyKysely = Kysely<any>;

const numberOf = (name: string) => Number(/^(\d+)-/.exec(name)?.[1] ?? 0);
const neededBy = (name: string) => Number(/\.needs-(\d+)$/.exec(name)?.[1] ?? 0);

// Before the Migrator, a store counted its steps in SQLite's user_version or PostgreSQL's
// schema_migrations. A store with no step in kysely_migration yet is adopted at that count: the
// steps it holds are recorded, not run. The old count is left as it is, so the release before
// the Migrator still runs on the store.
/** What the steps read of the store before the Migrator runs them: on a connection of its own. */
type Bookkeeping = { executed(): Promise<string[]>; oldCount(): Promise<number> };

/** The steps of migrations/<engine>/, each running its file's SQL with `run`. */
function steps(engine: Engine, read: Bookkeeping, run: (ddl: string, trx: AnyKysely) => unknown) {
  const folder = new URL(`./migrations/${engine}/`, import.meta.url);
  const files = readdirSync(folder).filter((file) => file.endsWith(".sql"));
  const known = files.map((file) => file.slice(0, -".sql".length));
  const knows = Math.max(0, ...known.map(numberOf));
  return {
    // Called by the Migrator once it holds its lock, with kysely_migration in place.
    async getMigrations(): Promise<Record<string, Migration>> {
      const executed = await read.executed();
      const needs = Math.max(0, ...executed.map(neededBy));
      if (needs > knows) {
        throw new Error(
          `The enquiry store needs a server that knows schema step ${needs}; this one knows steps up to ${knows}.`,
        );
      }
      const adopted = executed.length === 0 ? await read.oldCount() : 0;
      const migrations: Record<string, Migration> = {};
      for (const [index, name] of known.entries()) {
        const ddl = readFileSync(new URL(files[index] as string, folder), "utf8");
        migrations[name] = {
          up: async (trx) => {
            if (numberOf(name) > adopted) await run(ddl, trx);
          },
        };
      }
      // A newer release's steps, which the store says this server can run after: already run,
      // so the Migrator never calls these.
      for (const name of executed.filter((name) => !known.includes(name))) {
        migrations[name] = {
          up: () => Promise.reject(new Error(`step ${name} is not this server's to run`)),
        };
      }
      return migrations;
    },
  };
}

async function migrate(
  db: AnyKysely,
  engine: Engine,
  read: Bookkeeping,
  run: (ddl: string, trx: AnyKysely) => unknown,
) {
  const migrator = new Migrator({
    db,
    provider: steps(engine, read, run),
    // A newer release's steps sit among the executed ones wherever their time puts them; which
    // steps run is decided by name, above, not by the order they were recorded in.
    allowUnorderedMigrations: true,
    // SQLite runs them in the caller's transaction (see migrateSqlite).
    disableTransactions: engine === "sqlite",
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * Brings a SQLite store up to date, before anything else uses the connection. `db` is a Kysely
 * over `sqlite`, without the store's plugins.
 */
export async function migrateSqlite(sqlite: SqliteDatabase, db: AnyKysely): Promise<void> {
  // IMMEDIATE: two processes starting together (server and CLI) must not both migrate; Kysely
  // locks only within one process. One transaction, so a failed step leaves nothing behind.
  sqlite.exec("BEGIN IMMEDIATE");
  try {
    // The handle, not Kysely, whose one connection the Migrator holds; exec: a step's file may
    // hold several statements.
    const read = {
      executed: async () =>
        sqlite.prepare("SELECT name FROM kysely_migration").pluck().all() as string[],
      oldCount: async () => sqlite.pragma("user_version", { simple: true }) as number,
    };
    await migrate(db, "sqlite", read, (ddl) => sqlite.exec(ddl));
    sqlite.exec("COMMIT");
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
    throw error;
  }
}

/**
 * Brings a PostgreSQL store up to date, in one transaction; instances starting together queue
 * on the Migrator's advisory lock. `db` is without the store's plugins.
 */
export async function migratePostgres(db: AnyKysely): Promise<void> {
  // Read on another of the pool's connections, which sees what earlier holders of the lock did.
  const read = {
    executed: async () =>
      (await db.selectFrom("kysely_migration").select("name").execute()).map(
        (row): string => row.name,
      ),
    oldCount: async () => {
      const { rows } = await sql<{ kept: string | null }>`
        SELECT to_regclass('schema_migrations') AS kept`.execute(db);
      if (!rows[0]?.kept) return 0;
      const { rows: counted } = await sql<{ count: number | null }>`
        SELECT max(version) AS count FROM schema_migrations`.execute(db);
      return counted[0]?.count ?? 0;
    },
  };
  // No parameters: pg sends it as a simple query, which may hold several statements.
  await migrate(db, "postgres", read, (ddl, trx) => sql.raw(ddl).execute(trx));
}
