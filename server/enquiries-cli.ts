import { resolve } from "node:path";
import { loadConfigOrExit } from "./config";
import { enquiriesAsCsv, enquiriesAsTable } from "./enquiry-listing";
import { openSqliteEnquiryStore } from "./store/sqlite-enquiry-store";

// `npm run enquiries -- list [--json]` and `npm run enquiries -- export --csv`: read the store
// directly. SQLite's WAL lets this run beside the server (or without it).
const usage = "Usage: npm run enquiries -- list [--json]\n       npm run enquiries -- export --csv";

const formats = new Map<string, "table" | "json" | "csv">([
  ["list", "table"],
  ["list --json", "json"],
  ["export --csv", "csv"],
]);
const format = formats.get(process.argv.slice(2).join(" "));
if (!format) {
  console.error(usage);
  process.exit(2);
}

const store = openSqliteEnquiryStore(resolve(loadConfigOrExit().databasePath));
try {
  const enquiries = await store.listEnquiries();
  const output =
    format === "json"
      ? JSON.stringify(enquiries, null, 2)
      : format === "csv"
        ? enquiriesAsCsv(enquiries)
        : enquiriesAsTable(enquiries);
  process.stdout.write(`${output}\n`);
} finally {
  await store.close();
}
