import { resolve } from "node:path";
import { insightsStore } from "../store/insights-store";
import { type Database, openPostgresDatabase, openSqliteDatabase } from "./database";
import { type EnquiryStore, enquiryStore } from "./enquiry-store";
import { inboxStore } from "./inbox-store";
import { replyClockStore } from "./reply-clock-store";
import { replyFiguresStore } from "./reply-figures-store";
import { staffStore } from "./staff-store";

/** `warn` is told what the operator should fix, such as a file others could read. */
type OpenOptions = { warn?: (message: string) => void };

/** Which store a DATABASE_URL names: `file:<path>` SQLite, `postgres://…` PostgreSQL. */
export function storeKindOf(databaseUrl: string): "sqlite" | "postgres" | undefined {
  if (/^file:./.test(databaseUrl)) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return "postgres";
  return undefined;
}

const storeOver = (database: Database) =>
  enquiryStore(
    database,
    insightsStore(database),
    staffStore(database),
    replyClockStore(database),
    inboxStore(database),
    replyFiguresStore(database),
  );

/** Opens, and migrates if need be, the store DATABASE_URL names. */
export async function openEnquiryStore(
  url: string,
  options: OpenOptions = {},
): Promise<EnquiryStore> {
  const kind = storeKindOf(url);
  if (kind === "sqlite") return openSqliteEnquiryStore(resolve(url.slice("file:".length)), options);
  if (kind === "postgres") return storeOver(await openPostgresDatabase(url));
  throw new Error("DATABASE_URL must start with file: or postgres://");
}

/** Opens the SQLite store at `path`, an absolute path. */
export async function openSqliteEnquiryStore(
  path: string,
  { warn = console.warn }: OpenOptions = {},
) {
  return storeOver(await openSqliteDatabase(path, warn));
}
