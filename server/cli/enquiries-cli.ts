import { type Config, loadConfigOrExit } from "../config";
import { deliveryPlan } from "../plugin-options";
import { describePurge, retentionCutoff } from "../retention/retention-plugin";
import type { CopiedEnquiry, EnquiryStore, HeldDecision } from "../store/enquiry-store";
import { openEnquiryStore } from "../store/open-enquiry-store";
import {
  asJson,
  enquiriesAsCsv,
  enquiriesAsRecords,
  enquiriesAsTable,
  fail,
  heldAsTable,
  parseOrExit,
  visible,
} from "./listing";

// `npm run enquiries -- <command>`: the operator's tools, on the store directly, beside the
// server (SQLite's WAL allows that) or without it.
const usage = `Usage: npm run enquiries -- <command>
  list [--json]                 every stored enquiry and its delivery state
  held [--json]                 the enquiries the bot check held, each with its reason
  release ID                    deliver a held enquiry (once, through the usual channels)
  spam ID                       mark a held enquiry spam: never delivered, purged as held ones
  export --csv                  every stored enquiry as CSV
  purge [--dry-run]             delete delivered enquiries older than ENQUIRY_RETENTION_DAYS,
                                and held and spam ones older than HELD_RETENTION_DAYS
  find --email ADDRESS [--json] everything held about an address (an access request)
  erase --email ADDRESS --yes   delete everything held about an address (a deletion request)
  copy --to DATABASE_URL        copy every enquiry, its delivery state, inbox stage, owner and
                                timeline, the staff and the routing into another store (e.g.
                                postgres://…); a second run copies nothing twice`;

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
  held: ["json"],
  release: [],
  spam: [],
  export: ["csv"],
  purge: ["dry-run"],
  find: ["email", "json"],
  erase: ["email", "yes"],
  copy: ["to"],
};

type Command = (store: EnquiryStore, config: Config) => Promise<string>;

/**
 * Copies the staff and their passkeys, the routing, then the enquiries with what the inbox keeps
 * of them and their timelines, in batches, each in one transaction; a batch the target refuses
 * is copied again one enquiry at a time, so one row it cannot take (a NUL PostgreSQL refuses,
 * kept in SQLite before the contract refused it) holds up no other. Ids stay as they are (a
 * person already in the target keeps theirs, found by address), so a second run adds nothing.
 */
async function copyStore(from: EnquiryStore, into: EnquiryStore) {
  const staff = await from.staff.exportStaff();
  const { added: staffAdded, ids } = await into.staff.importStaff(staff);
  const idHere = (id: string | null) => (id === null ? null : (ids.get(id) ?? null));
  const routes = Object.entries(await from.inbox.routes()).map(([type, id = ""]) => [
    type,
    idHere(id),
  ]);
  await into.inbox.setRoutes(Object.fromEntries(routes.filter(([, id]) => id !== null)));
  const enquiries = (await from.exportEnquiries()).map(({ kept, events, ...enquiry }) => ({
    ...enquiry,
    kept: { ...kept, ownerId: idHere(kept.ownerId) },
    events: events.map((e) => ({ ...e, staffId: idHere(e.staffId) })),
  }));
  let added = 0;
  let updated = 0;
  const refused: { id: string; reason: string }[] = [];
  const copy = async (batch: CopiedEnquiry[]) => {
    const result = await into.importEnquiries(batch);
    added += result.added;
    updated += result.updated;
  };
  for (let start = 0; start < enquiries.length; start += 500) {
    const batch = enquiries.slice(start, start + 500);
    try {
      await copy(batch);
    } catch {
      for (const enquiry of batch) {
        await copy([enquiry]).catch((error: unknown) =>
          refused.push({ id: enquiry.id, reason: (error as Error).message }),
        );
      }
    }
  }
  const already = enquiries.length - added - updated - refused.length;
  return {
    summary: [
      `Copied ${staffAdded} of ${staff.staff.length} staff, with their passkeys, and the routing.`,
      `Copied ${added} of ${enquiries.length} enquiries; ${updated} brought up to date; ${already} already there.`,
    ].join("\n"),
    refused,
  };
}

/** What a release or spam did, in words (`done` when it did it); nothing done exits 1. */
function decided(id: string, outcome: HeldDecision, done: string) {
  if (outcome === "done") return done;
  process.exitCode = 1;
  return outcome === "not_held"
    ? `${id} is not held (released or marked spam already): nothing done.`
    : `No enquiry ${id}: nothing done.`;
}

/** What the command showed or wrote out, on each enquiry's timeline (POPIA, decision 0045). */
async function shown<Listed extends { id: string }>(
  store: EnquiryStore,
  enquiries: Listed[],
  kind: "viewed" | "exported",
  command: string,
) {
  const ids = enquiries.map(({ id }) => id);
  await store.inbox.recordCommand(ids, kind, `npm run enquiries ${command}`, new Date());
  return enquiries;
}

/** A release or spam decided here, on the enquiry's timeline as the inbox's buttons put it. */
async function decidedHere(
  store: EnquiryStore,
  id: string,
  kind: "released" | "spam",
  outcome: HeldDecision,
) {
  if (outcome === "done") await store.inbox.record(id, null, kind, new Date(), "npm run enquiries");
  return outcome;
}

function chooseCommand(argv: string[]): Command {
  const { positionals, values } = parseOrExit(
    { args: argv, options, allowPositionals: true },
    usage,
  );
  const [name = "", ...extra] = positionals;
  const allowed = allowedOptions[name];
  const decides = name === "release" || name === "spam";
  if (
    !allowed ||
    extra.length > (decides ? 1 : 0) ||
    Object.keys(values).some((o) => !allowed.includes(o))
  )
    fail(usage);
  // Ids are stored in lower case; one copied from a mail client may not be.
  const id = extra[0]?.trim().toLowerCase() ?? "";
  if (decides && !id)
    fail(`${name} needs the enquiry's ID (npm run enquiries -- held)\n\n${usage}`);
  const email = values.email?.trim() ?? "";
  if ((name === "find" || name === "erase") && !email)
    fail(`${name} needs --email ADDRESS\n\n${usage}`);
  const target = values.to?.trim() ?? "";
  if (name === "copy" && !target) fail(`copy needs --to DATABASE_URL\n\n${usage}`);
  if (name === "export" && !values.csv) fail(usage);
  if (name === "erase" && !values.yes) {
    fail(
      `Not erasing: this permanently deletes every enquiry from ${email}, delivered or not.\n` +
        `Check them first with: npm run enquiries -- find --email ${email}\n` +
        `then run again with --yes.`,
    );
  }

  const commands: Record<string, Command> = {
    list: async (store) => {
      const enquiries = await shown(store, await store.listEnquiries(), "viewed", "list");
      return values.json ? asJson(enquiries) : enquiriesAsTable(enquiries);
    },
    held: async (store) => {
      const enquiries = await shown(store, await store.listHeld(), "viewed", "held");
      return values.json ? asJson(enquiries) : heldAsTable(enquiries);
    },
    release: async (store, config) =>
      decided(
        id,
        await decidedHere(
          store,
          id,
          "released",
          await store.releaseHeld(id, new Date(), deliveryPlan(config)),
        ),
        `Released ${id}: the service delivers it once, through the usual channels, within DELIVERY_POLL_MS.`,
      ),
    spam: async (store) =>
      decided(
        id,
        await decidedHere(store, id, "spam", await store.markSpam(id)),
        `Marked ${id} as spam: never delivered, deleted after HELD_RETENTION_DAYS.`,
      ),
    export: async (store) =>
      enquiriesAsCsv(await shown(store, await store.listEnquiries(), "exported", "export")),
    purge: async (store, { retentionDays, heldRetentionDays }) => {
      const dryRun = values["dry-run"] === true;
      const now = new Date();
      const outcome = await store.purgeDelivered(retentionCutoff(now, retentionDays), { dryRun });
      const held = await store.purgeHeld(retentionCutoff(now, heldRetentionDays), { dryRun });
      return describePurge({ ...outcome, held }, { retentionDays, heldRetentionDays, dryRun });
    },
    find: async (store) => {
      const enquiries = await shown(store, await store.findByEmail(email), "exported", "find");
      if (values.json) return asJson(enquiries);
      return enquiries.length === 0 ? `No enquiries from ${email}.` : enquiriesAsRecords(enquiries);
    },
    erase: async (store) => {
      const count = await store.eraseByEmail(email);
      return `Erased ${count} ${count === 1 ? "enquiry" : "enquiries"} from ${email}, with their delivery jobs.`;
    },
    copy: async (store) => {
      const into = await openEnquiryStore(target);
      try {
        const { summary, refused } = await copyStore(store, into);
        if (refused.length === 0) return summary;
        process.exitCode = 1;
        return [
          summary,
          `Not copied (${refused.length}), the target refused them:`,
          ...refused.map(({ id, reason }) => `  ${id}: ${visible(reason)}`),
        ].join("\n");
      } finally {
        await into.close();
      }
    },
  };
  return commands[name] ?? fail(usage);
}

const command = chooseCommand(process.argv.slice(2));
const config = loadConfigOrExit();
const store = await openEnquiryStore(config.databaseUrl);
try {
  process.stdout.write(`${await command(store, config)}\n`);
} finally {
  await store.close();
}
