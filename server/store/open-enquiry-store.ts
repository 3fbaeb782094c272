import { resolve } from "node:path";
import type { EnquiryStore } from "./enquiry-store";
import { openPostgresEnquiryStore } from "./postgres-enquiry-store";
import { openSqliteEnquiryStore } from "./sqlite-enquiry-store";

type OpenOptions = {
  /** Told about anything the operator should fix, such as a store file others could read. */
  warn?: (message: string) => void;
};

/** `file:<path>` opens SQLite, `postgres://…` (or `postgresql://…`) PostgreSQL; both migrate. */
export async function openEnquiryStore(
  databaseUrl: string,
  options: OpenOptions = {},
): Promise<EnquiryStore> {
  if (databaseUrl.startsWith("file:")) {
    return openSqliteEnquiryStore(resolve(databaseUrl.slice("file:".length)), options);
  }
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return openPostgresEnquiryStore(databaseUrl);
  throw new Error("DATABASE_URL must start with file: or postgres://");
}
