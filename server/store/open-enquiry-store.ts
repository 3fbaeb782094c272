import { resolve } from "node:path";
import { storeKindOf } from "./database-url";
import type { EnquiryStore } from "./enquiry-store";
import { openPostgresEnquiryStore } from "./postgres-enquiry-store";
import { openSqliteEnquiryStore } from "./sqlite-enquiry-store";

type OpenOptions = {
  /** Told about anything the operator should fix, such as a store file others could read. */
  warn?: (message: string) => void;
};

/** Opens the store the DATABASE_URL names (./database-url.ts); both kinds migrate. */
export async function openEnquiryStore(
  databaseUrl: string,
  options: OpenOptions = {},
): Promise<EnquiryStore> {
  const kind = storeKindOf(databaseUrl);
  if (kind === "sqlite") {
    return openSqliteEnquiryStore(resolve(databaseUrl.slice("file:".length)), options);
  }
  if (kind === "postgres") return openPostgresEnquiryStore(databaseUrl);
  throw new Error("DATABASE_URL must start with file: or postgres://");
}
