import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { dirname } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { migratePostgres, migrateSqlite } from "./migrations";
import type { Tables } from "./schema";

/** One database of either engine, and what differs between them beyond the SQL Kysely writes. */
export type Database = {
  db: Kysely<Tables>;
  /**
   * What the insights count and read through: on PostgreSQL a pool of its own, so counting
   * never holds a connection an enquiry waits for (decision 0040); on SQLite `db` itself.
   */
  counting: Kysely<Tables>;
  engine: "sqlite" | "postgres";
  /** A due time or acknowledgement as the engine keeps it. */
  clockTime(moment: Date): number | Date;
  /** After deleting personal information: no copy of it stays in the database's files. */
  forgetDeleted(): Promise<void>;
  close(): Promise<void>;
};

const plugins = [new CamelCasePlugin()];

/** Rows per statement, far below either engine's limit on parameters. */
export const chunks = <T>(rows: T[], size = 500) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, i * size + size),
  );

// Enquiries are personal information: only the service's user may read the files, whatever
// the umask. A folder that exists already is left alone: it may be shared (/var/lib, /tmp).
const databaseFiles = (path: string) => [path, `${path}-wal`, `${path}-shm`];

function restrictFiles(path: string, warn: (message: string) => void) {
  const folder = dirname(path);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (!existsSync(path)) closeSync(openSync(path, "a", 0o600));
  for (const file of databaseFiles(path).filter(existsSync)) {
    const mode = statSync(file).mode & 0o777;
    if (mode & 0o077) {
      chmodSync(file, 0o600);
      warn(`${file} was readable by other users (mode 0${mode.toString(8)}); tightened to 0600`);
    }
  }
}

// Stores opened on one file in one process share its connection: a second connection in the
// same thread would wait on SQLite's write lock while blocking the thread that holds it.
const openFiles = new Map<string, { database: Promise<Database>; users: number }>();

/** Opens (creating and migrating if need be) the SQLite store at `path`, an absolute path. */
export async function openSqliteDatabase(
  path: string,
  warn: (message: string) => void,
): Promise<Database> {
  restrictFiles(path, warn);
  const open = openFiles.get(path) ?? { database: sqliteDatabase(path), users: 0 };
  openFiles.set(path, open);
  open.users++;
  const leave = () => {
    if (--open.users > 0) return false;
    openFiles.delete(path);
    return true;
  };
  const database = await open.database.catch((error: unknown) => {
    leave();
    throw error;
  });
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      if (leave()) await database.close();
    },
  };
}

async function sqliteDatabase(path: string): Promise<Database> {
  const sqlite = new SqliteDatabase(path);
  // Each statement prepared once, not on every call: Kysely writes the same text for the same
  // query shape (decision 0027).
  const statements = new Map<string, SqliteDatabase.Statement>();
  const prepare = (text: string) => {
    const statement = statements.get(text) ?? sqlite.prepare(text);
    statements.set(text, statement);
    return statement;
  };
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: { prepare, close: () => sqlite.close() } }),
    plugins,
  });
  try {
    sqlite.pragma("journal_mode = WAL"); // the CLI reads while the server writes
    sqlite.pragma("synchronous = FULL"); // a 201 promises the enquiry is on disk
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("secure_delete = ON"); // erased enquiries are overwritten, not just unlinked
    await migrateSqlite(sqlite, db.withoutPlugins());
  } catch (error) {
    await db.destroy();
    if (sqlite.open) sqlite.close();
    throw error;
  }
  for (const file of databaseFiles(path).filter(existsSync)) chmodSync(file, 0o600);
  return {
    db,
    counting: db,
    engine: "sqlite",
    clockTime: (moment) => moment.getTime(),
    async forgetDeleted() {
      // The WAL still holds the deleted rows: fold it into the file and empty it.
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    },
    async close() {
      await db.destroy();
      if (sqlite.open) sqlite.close(); // Kysely closes it only if a query used it
    },
  };
}

/** Connections of an instance's pools: enquiries, delivery and health; and the insights'. */
export const poolSizes = { store: 10, counting: 2 };

function postgresPool(url: string, max: number) {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
  // A dropped idle connection must not crash the process: the pool replaces it.
  pool.on("error", () => {});
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), plugins });
}

/** Opens (migrating if need be) the PostgreSQL store at `url`. */
export async function openPostgresDatabase(url: string): Promise<Database> {
  const db = postgresPool(url, poolSizes.store);
  try {
    await migratePostgres(db.withoutPlugins());
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const counting = postgresPool(url, poolSizes.counting);
  return {
    db,
    counting,
    engine: "postgres",
    clockTime: (moment) => moment,
    // Deleted rows leave every query at once; VACUUM reuses their space.
    async forgetDeleted() {},
    close: async () => {
      await Promise.all([db.destroy(), counting.destroy()]);
    },
  };
}
