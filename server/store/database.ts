import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { dirname } from "node:path";
import SqliteDatabase from "better-sqlite3";
import {
  CamelCasePlugin,
  type Compilable,
  type CompiledQuery,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  sql,
} from "kysely";
import pg from "pg";
import type { DailyCount, TapCount, Visit } from "../insights/insights-store";
import type { DeliveryChannel, StoredEnquiry } from "./enquiry-store";
import { migratePostgres, migrateSqlite } from "./migrations";

/** PostgreSQL's timestamptz; in SQLite due times and acknowledgements in ms, others ISO text. */
type Moment = Date | string | number;

export type Tables = {
  enquiries: Omit<StoredEnquiry, "receivedAt"> & { receivedAt: Moment };
  deliveries: {
    enquiryId: string;
    channel: DeliveryChannel;
    status: "pending" | "delivered";
    attempts: number;
    nextAttemptAt: Moment | null;
    deliveredAt: Moment | null;
    lastError: string | null;
    leaseToken: string | null;
  };
  acknowledgements: { address: string; acknowledgedAt: Moment };
  insightsDaily: DailyCount;
  insightsSalts: { day: string; salt: Buffer };
  insightsVisitors: Visit & { day: string; hash: string };
  insightsVisitorPages: { day: string; hash: string; path: string };
  insightsTaps: TapCount;
};

/** One database of either engine, and what differs between them beyond the SQL Kysely writes. */
export type Database = {
  db: Kysely<Tables>;
  engine: "sqlite" | "postgres";
  /** A due time or acknowledgement as the engine keeps it. */
  clockTime(moment: Date): number | Date;
  /** Runs the statements in one transaction; resolves to the rows each one changed. */
  together(statements: Compilable[]): Promise<bigint[]>;
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

/** One `make(text)` per query text: Kysely writes the same text for the same query shape. */
function perText<T>(make: (text: string) => T) {
  const made = new Map<string, T>();
  return (text: string) => {
    const value = made.get(text) ?? make(text);
    made.set(text, value);
    return value;
  };
}

/**
 * For an INSERT on the hot path, whose parameters are its rows' values, row by row in key order:
 * `build()` is built and compiled once per `shape` (whatever decides its text: keys, rows), then
 * its text is reused with `values`. Building and compiling cost more CPU than storing (0031).
 */
export function compiledOnce() {
  const made = new Map<string, CompiledQuery>();
  return (shape: string, values: unknown[], build: () => Compilable): Compilable => {
    const known = made.get(shape);
    if (known) return { compile: () => ({ ...known, parameters: values }) };
    const compiled = build().compile();
    const { parameters } = compiled;
    if (parameters.length !== values.length || parameters.some((value, i) => value !== values[i]))
      throw new Error(`compiledOnce: the query's parameters are not the values given (${shape})`);
    made.set(shape, compiled);
    return { compile: () => compiled };
  };
}

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
const openFiles = new Map<string, { database: Database; users: number }>();

/** Opens (creating and migrating if need be) the SQLite store at `path`, an absolute path. */
export function openSqliteDatabase(path: string, warn: (message: string) => void): Database {
  restrictFiles(path, warn);
  const open = openFiles.get(path) ?? { database: sqliteDatabase(path), users: 0 };
  openFiles.set(path, open);
  open.users++;
  let closed = false;
  return {
    ...open.database,
    async close() {
      if (closed) return;
      closed = true;
      if (--open.users > 0) return;
      openFiles.delete(path);
      await open.database.close();
    },
  };
}

function sqliteDatabase(path: string): Database {
  const sqlite = new SqliteDatabase(path);
  try {
    sqlite.pragma("journal_mode = WAL"); // the CLI reads while the server writes
    sqlite.pragma("synchronous = FULL"); // a 201 promises the enquiry is on disk
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("secure_delete = ON"); // erased enquiries are overwritten, not just unlinked
    migrateSqlite(sqlite);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  for (const file of databaseFiles(path).filter(existsSync)) chmodSync(file, 0o600);
  // Each statement prepared once, not on every call (decision 0027).
  const prepare = perText((text) => sqlite.prepare(text));
  const runAll = sqlite.transaction((compiled: CompiledQuery[]) =>
    compiled.map(({ sql, parameters }) => BigInt(prepare(sql).run(parameters).changes)),
  );
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: { prepare, close: () => sqlite.close() } }),
    plugins,
  });
  return {
    db,
    engine: "sqlite",
    clockTime: (moment) => moment.getTime(),
    // Compiled first, then run with no await between them. Inside a Kysely transaction they
    // would join it, so then they wait for Kysely's one connection; otherwise they run at once,
    // on the hot path without Kysely's connection handling (decision 0031).
    together: async (statements) => {
      const compiled = statements.map((statement) => statement.compile());
      if (!sqlite.inTransaction) return runAll(compiled);
      return db.connection().execute(async () => runAll(compiled));
    },
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

/** Opens (migrating if need be) the PostgreSQL store at `url`. */
export async function openPostgresDatabase(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // A dropped idle connection must not crash the process: the pool replaces it.
  pool.on("error", () => {});
  // Named statements: PostgreSQL parses and plans each text once per connection (decision 0027).
  let statements = 0;
  const named = perText(() => `q${++statements}`);
  const query = (client: pg.Pool | pg.PoolClient, text: string, values: readonly unknown[]) =>
    // Only an unnamed query may hold several statements (migrations), and they take no values.
    values.length === 0
      ? client.query(text)
      : client.query({ name: named(text), text, values: [...values] });
  const statementsPool: PostgresPool = {
    options: pool.options,
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      return {
        release: (destroy?: boolean) => client.release(destroy),
        query: ((text: string, values: readonly unknown[]) =>
          query(client, text, values)) as unknown as PostgresPoolClient["query"],
      };
    },
  };
  const db = new Kysely<Tables>({
    dialect: new PostgresDialect({ pool: statementsPool }),
    plugins,
  });
  try {
    await migratePostgres(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    engine: "postgres",
    clockTime: (moment) => moment,
    together: async (statements) => {
      // One statement is a transaction of its own: on the hot path it goes straight to the
      // pool, without Kysely's connection handling (decision 0031).
      const [only] = statements;
      if (only && statements.length === 1) {
        const { sql, parameters } = only.compile();
        return [BigInt((await query(pool, sql, parameters)).rowCount ?? 0)];
      }
      return db.transaction().execute(async (trx) => {
        const changed: bigint[] = [];
        for (const statement of statements) {
          changed.push((await trx.executeQuery(statement.compile())).numAffectedRows ?? 0n);
        }
        return changed;
      });
    },
    // Deleted rows leave every query at once; VACUUM reuses their space.
    async forgetDeleted() {},
    close: () => db.destroy(),
  };
}
