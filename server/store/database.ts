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
import type { DailyCount, Visit } from "../insights/insights-store";
import type { DeliveryChannel, StoredEnquiry } from "./enquiry-store";
import { migratePostgres, migrateSqlite } from "./migrations";
import { prepareDatabaseFiles, restrictDatabaseFiles } from "./sqlite-file-mode";

// One database, opened for either engine; the queries (enquiry-queries.ts and the insights'
// own) are written once, in Kysely, against these tables. Columns are snake_case in SQL and
// camelCase here (Kysely's CamelCasePlugin maps them).

/**
 * How a moment comes back: PostgreSQL gives a Date; SQLite keeps the moments compared with
 * the clock (due times, acknowledgements) as epoch milliseconds and the others as ISO text.
 */
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
};

/** What differs between the engines beyond the SQL Kysely writes for each. */
export type Database = {
  db: Kysely<Tables>;
  engine: "sqlite" | "postgres";
  /** A due time or acknowledgement as the engine keeps it (see `Moment`). */
  clockTime(moment: Date): number | Date;
  /** Runs the statements in one transaction; resolves to the rows each one changed. */
  together(statements: Compilable[]): Promise<bigint[]>;
  /** After deleting personal information: make sure no copy of it stays in the database's files. */
  forgetDeleted(): Promise<void>;
  close(): Promise<void>;
};

const plugins = [new CamelCasePlugin()];

/** One `make(text)` per query text, made on first use: Kysely writes one text per query shape. */
function perText<T>(make: (text: string) => T) {
  const made = new Map<string, T>();
  return (text: string) => {
    let value = made.get(text);
    if (value === undefined) {
      value = make(text);
      made.set(text, value);
    }
    return value;
  };
}

// One connection per file in a process, shared by every store opened on it: Kysely queues one
// store's queries behind another's transaction, where a second connection in the same thread
// would wait on SQLite's write lock while blocking the thread that holds it.
const openFiles = new Map<string, { database: Database; users: number }>();

type OpenOptions = {
  /** Told about anything the operator should fix, such as a store file others could read. */
  warn?: (message: string) => void;
};

/** Opens (creating and migrating if need be) the SQLite store at `path`, an absolute path. */
export function openSqliteDatabase(path: string, { warn = console.warn }: OpenOptions = {}) {
  for (const warning of prepareDatabaseFiles(path)) warn(warning);
  const open = openFiles.get(path) ?? { database: sqliteDatabase(path), users: 0 };
  openFiles.set(path, open);
  open.users++;
  let closed = false;
  const { database } = open;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      if (--open.users === 0) {
        openFiles.delete(path);
        await database.close();
      }
    },
  };
}

function sqliteDatabase(path: string): Database {
  const sqlite = new SqliteDatabase(path);
  try {
    // WAL lets the CLI read while the server writes. FULL sync because a 201 promises the
    // visitor their enquiry is kept: the commit must be on disk before we answer.
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = FULL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    // Erased and expired enquiries are overwritten, not just unlinked, so the file no longer
    // holds them (POPIA: deleted means gone).
    sqlite.pragma("secure_delete = ON");
    migrateSqlite(sqlite);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  restrictDatabaseFiles(path);
  // Each statement prepared once, as better-sqlite3 intends, instead of once per query: on a
  // durable enquiry that was a tenth of the work (decision 0027).
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
    // Compiled first, then run with no await between them, holding Kysely's one connection:
    // a durable enquiry costs one call instead of four queued queries (decision 0027).
    together: (statements) => {
      const compiled = statements.map((statement) => statement.compile());
      return db.connection().execute(async () => runAll(compiled));
    },
    clockTime: (moment) => moment.getTime(),
    async forgetDeleted() {
      // The WAL still holds the pages as they were before; fold it into the file and empty
      // it. A reader that is busy just now can delay this until the next checkpoint.
      // Through Kysely, so it waits for any transaction on the connection to finish.
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    },
    async close() {
      await db.destroy();
      // Kysely closes the connection only if a query ever used it.
      if (sqlite.open) sqlite.close();
    },
  };
}

/** Opens (migrating if need be) the PostgreSQL store at `url`. */
export async function openPostgresDatabase(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle connection the server drops (restart, failover) must not crash the process; the
  // pool replaces it and the next query reports any lasting problem.
  pool.on("error", () => {});
  // Named statements: PostgreSQL parses and plans each query text once per connection rather
  // than on every call (a quarter of a durable enquiry's cost there; decision 0027).
  let statements = 0;
  const named = perText(() => `q${++statements}`);
  const query = async (client: pg.PoolClient, text: string, values: readonly unknown[]) =>
    // Without parameters a query may hold several statements (migrations): only an unnamed
    // one can.
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
        // Only query(text, values): the cursor form is for streaming, which the store never does.
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
    together: (statements) =>
      db.transaction().execute(async (trx) => {
        const changed: bigint[] = [];
        for (const statement of statements) {
          changed.push((await trx.executeQuery(statement.compile())).numAffectedRows ?? 0n);
        }
        return changed;
      }),
    clockTime: (moment) => moment,
    // Deleted rows leave every query at once; PostgreSQL reuses their space after VACUUM.
    async forgetDeleted() {},
    async close() {
      await db.destroy();
    },
  };
}
