import { parseArgs } from "node:util";
import { type Config, loadConfigOrExit } from "../config";
import { describePurge, retentionCutoff } from "../retention/enquiry-retention";
import type { EnquiryStore } from "../store/enquiry-store";
import { openEnquiryStore } from "../store/open-enquiry-store";
import { enquiriesAsCsv, enquiriesAsRecords, enquiriesAsTable } from "./enquiry-listing";

// `npm run enquiries -- <command>`: the operator's tools, reading and changing the store
// directly, SQLite or PostgreSQL alike, beside the server (SQLite's WAL allows that) or
// without it.
const usage = `Usage: npm run enquiries -- <command>
  list [--json]                 every stored enquiry and its delivery state
  export --csv                  every stored enquiry as CSV
  purge [--dry-run]             delete delivered enquiries older than ENQUIRY_RETENTION_DAYS
  find --email ADDRESS [--json] everything held about an address (an access request)
  erase --email ADDRESS --yes   delete everything held about an address (a deletion request)
  copy --to DATABASE_URL        copy every enquiry and its delivery state into another store
                                (e.g. postgres://…); a second run copies nothing twice`;

type Command = (store: EnquiryStore, config: Config) => Promise<string>;

const options = {
  json: { type: "boolean" },
  csv: { type: "boolean" },
  "dry-run": { type: "boolean" },
  email: { type: "string" },
  yes: { type: "boolean" },
  to: { type: "string" },
} as const;

const allowedOptions: Record<string, string[]> = {
  list: ["json"],
  export: ["csv"],
  purge: ["dry-run"],
  find: ["email", "json"],
  erase: ["email", "yes"],
  copy: ["to"],
};

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function chooseCommand(argv: string[]): Command {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof options; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  }
  const { positionals, values } = parsed;
  const [name = "", ...extra] = positionals;
  const allowed = allowedOptions[name];
  if (!allowed || extra.length > 0 || Object.keys(values).some((o) => !allowed.includes(o)))
    fail(usage);
  const email = values.email?.trim();
  if ((name === "find" || name === "erase") && !email)
    fail(`${name} needs --email ADDRESS\n\n${usage}`);
  const target = values.to?.trim();
  if (name === "copy" && !target) fail(`copy needs --to DATABASE_URL\n\n${usage}`);

  switch (name) {
    case "list":
      return async (store) => {
        const enquiries = await store.listEnquiries();
        return values.json ? JSON.stringify(enquiries, null, 2) : enquiriesAsTable(enquiries);
      };
    case "export":
      if (!values.csv) fail(usage);
      return async (store) => enquiriesAsCsv(await store.listEnquiries());
    case "purge":
      return async (store, { retentionDays }) => {
        const dryRun = values["dry-run"] === true;
        const outcome = await store.purgeDelivered(retentionCutoff(new Date(), retentionDays), {
          dryRun,
        });
        return describePurge(outcome, { retentionDays, dryRun });
      };
    case "find":
      return async (store) => {
        const enquiries = await store.findByEmail(email ?? "");
        if (values.json) return JSON.stringify(enquiries, null, 2);
        return enquiries.length === 0
          ? `No enquiries from ${email}.`
          : enquiriesAsRecords(enquiries);
      };
    case "copy":
      return async (store) => {
        const enquiries = await store.listEnquiries();
        const into = await openEnquiryStore(target ?? "");
        try {
          // Ids stay as they are, so a second run finds everything there and adds nothing.
          const { added, updated } = await into.importEnquiries(enquiries);
          const already = enquiries.length - added - updated;
          return `Copied ${added} of ${enquiries.length} enquiries; ${updated} deliveries brought up to date; ${already} already there.`;
        } finally {
          await into.close();
        }
      };
    default:
      if (!values.yes) {
        fail(
          `Not erasing: this permanently deletes every enquiry from ${email}, delivered or not.\n` +
            `Check them first with: npm run enquiries -- find --email ${email}\n` +
            `then run again with --yes.`,
        );
      }
      return async (store) => {
        const count = await store.eraseByEmail(email ?? "");
        return `Erased ${count} ${count === 1 ? "enquiry" : "enquiries"} from ${email}, with their delivery jobs.`;
      };
  }
}

const command = chooseCommand(process.argv.slice(2));
const config = loadConfigOrExit();
const store = await openEnquiryStore(config.databaseUrl);
try {
  process.stdout.write(`${await command(store, config)}\n`);
} finally {
  await store.close();
}
