import { resolve } from "node:path";
import { insightsQueries } from "../insights/insights-queries";
import { type Database, openPostgresDatabase, openSqliteDatabase } from "./database";
import { storeKindOf } from "./database-url";
import { enquiryQueries } from "./enquiry-queries";
import type { EnquiryStore } from "./enquiry-store";

type OpenOptions = {
  /** Told about anything the operator should fix, such as a store file others could read. */
  warn?: (message: string) => void;
};

const storeOver = (database: Database): EnquiryStore => ({
  ...enquiryQueries(database),
  insights: insightsQueries(database),
  close: database.close,
});

/** Opens the store the DATABASE_URL names (./database-url.ts); both kinds migrate. */
export async function openEnquiryStore(
  databaseUrl: string,
  options: OpenOptions = {},
): Promise<EnquiryStore> {
  const kind = storeKindOf(databaseUrl);
  if (kind === "sqlite") {
    return openSqliteEnquiryStore(resolve(databaseUrl.slice("file:".length)), options);
  }
  if (kind === "postgres") return storeOver(await openPostgresDatabase(databaseUrl));
  throw new Error("DATABASE_URL must start with file: or postgres://");
}

/** Opens the SQLite store at `path` at once: SQLite needs no round trip to open. */
export function openSqliteEnquiryStore(path: string, options: OpenOptions = {}): EnquiryStore {
  return storeOver(openSqliteDatabase(path, options));
}
