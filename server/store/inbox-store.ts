import { randomUUID } from "node:crypto";
import {
  type ExpressionBuilder,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
} from "kysely";
import type { Enquiry } from "../../contract/enquiry";
import { chunks, type Database } from "./database";
import {
  type EnquiryEventKind,
  type EnquiryStage,
  type EnquiryStatus,
  enquiryStages,
  type Tables,
} from "./schema";

// What the staff inbox reads and writes (decision 0045): each enquiry's stage, owner and the
// timeline of what staff did with it. The timeline's rows go with their enquiry (ON DELETE
// CASCADE), so erasure and the retention purge take them along whatever deletes the enquiry.

export type InboxStore = ReturnType<typeof inboxStore>;
export const inboxViews = ["new", "mine", "all", "held"] as const;
export type InboxView = (typeof inboxViews)[number];
/** What the inbox calls an enquiry's status: held or spam by the bot check, else its stage. */
export const inboxStatuses = [...enquiryStages, "held", "spam"] as const;
export type InboxStatus = (typeof inboxStatuses)[number];
export type InboxQuery = {
  view: InboxView;
  /** The signed-in person, for "mine". */
  staffId?: string;
  /** Words looked for in the name, email, phone, company or message. */
  search?: string;
  type?: Enquiry["enquiryType"];
  status?: InboxStatus;
  limit: number;
  /** A page's edge: the enquiries just older or just newer than this one (keyset paging). */
  from?: { direction: "older" | "newer" } & InboxCursor;
};
/** Where a page of the list starts: an enquiry's time and id, in the list's order. */
export type InboxCursor = { receivedAt: string; id: string };
/** Who answers each enquiry type, by staff id (decision 0049). */
export type Routes = Partial<Record<Enquiry["enquiryType"], string>>;
export type InboxPage = Awaited<ReturnType<InboxStore["list"]>>;
export type InboxRow = InboxPage["rows"][number];
export type EnquiryCase = NonNullable<Awaited<ReturnType<InboxStore["read"]>>>;

type Where = ExpressionBuilder<Tables, "enquiries">;

/** PostgreSQL's uuid column refuses anything else, where the answer is simply "no such one". */
export const isEnquiryId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);

const iso = (moment: Date | string | number) => new Date(moment).toISOString();

export const inboxStatusOf = (row: { status: EnquiryStatus; stage: EnquiryStage }): InboxStatus =>
  row.status === "accepted" ? row.stage : row.status;

const searched = ["name", "email", "phone", "companyName", "message"] as const;
/** Enquiries by id, a condition in the query, or none: what a search's index step finds. */
type Candidates = string[] | RawBuilder<SqlBool> | undefined;
/** More of a search's matches than this and SQLite scans (see `candidates`). */
const commonAt = 1000;

/** A LIKE pattern that finds `words` as typed, its wildcards taken literally. */
const containing = (words: string) => `%${words.replace(/[\\%_]/g, "\\$&")}%`;

export function inboxStore({ db, engine }: Database) {
  const event = (
    enquiryId: string,
    staffId: string | null,
    kind: EnquiryEventKind,
    now: Date,
    detail: string | null = null,
  ) => ({ id: randomUUID(), enquiryId, at: now.toISOString(), staffId, kind, detail });

  const viewFilter = (eb: Where, { view, staffId, status }: InboxQuery) => {
    if (view === "held") return eb("enquiries.status", "=", "held");
    if (view === "new")
      return eb.and([eb("enquiries.status", "=", "accepted"), eb("enquiries.stage", "=", "new")]);
    if (view === "mine") return eb("enquiries.ownerId", "=", staffId ?? "");
    // Spam is out of sight unless asked for by its status.
    return status === "spam" ? eb.lit(true) : eb("enquiries.status", "<>", "spam");
  };

  const statusFilter = (eb: Where, status: InboxStatus) =>
    status === "held" || status === "spam"
      ? eb("enquiries.status", "=", status)
      : eb.and([eb("enquiries.status", "=", "accepted"), eb("enquiries.stage", "=", status)]);

  /**
   * A column-by-column match, case aside: SQLite's LIKE already ignores ASCII case (as its
   * lower() does, and no more), PostgreSQL's ILIKE. Each engine's trigram index (decision 0051,
   * 0059) first finds the candidates, which the columns then confirm, so the index decides only
   * how fast, never what is found.
   */
  const like = sql.raw(engine === "postgres" ? "ilike" : "like");
  const matches = (words: string) => (text: RawBuilder<unknown>) =>
    sql<SqlBool>`${text} ${like} ${containing(words)} escape '\\'`;
  const searchFilter = (eb: Where, words: string, found: Candidates) => {
    const columns = eb.or(searched.map((column) => matches(words)(sql.ref(`enquiries.${column}`))));
    if (found === undefined) return columns;
    const candidate = Array.isArray(found)
      ? found.length
        ? eb("enquiries.id", "in", found)
        : eb.lit(false)
      : found;
    return eb.and([candidate, columns]);
  };
  /**
   * The enquiries the index says may hold `words`, or undefined to scan. PostgreSQL: pg_trgm
   * over the columns joined (migration 013), in the query. SQLite: FTS5's trigrams of each
   * column (migration 015), the words one quoted phrase taken literally, asked first for at
   * most `commonAt` ids. A term found more often scans, as before: newest first, it fills its
   * page within a few hundred rows, sooner than FTS5 lists thousands of matches. A term shorter
   * than a trigram has none to look up, and scans too.
   */
  async function candidates(words: string): Promise<Candidates> {
    if (engine === "postgres")
      return matches(words)(
        sql`(${sql.join(
          searched.map((column) =>
            column === "companyName"
              ? sql`coalesce(${sql.ref(`enquiries.${column}`)}, '')`
              : sql.ref(`enquiries.${column}`),
          ),
          sql` || ' ' || `,
        )})`,
      );
    if ([...words].length < 3) return undefined;
    const phrase = `"${words.replaceAll('"', '""')}"`;
    const { rows } = await sql<{ id: string }>`select enquiry_id as id from enquiries_words
      where enquiries_words match ${phrase} limit ${commonAt + 1}`.execute(db);
    return rows.length > commonAt ? undefined : rows.map((row) => row.id);
  }

  /** Records what someone did with an enquiry; false when there is no such enquiry. */
  async function record(
    enquiryId: string,
    staffId: string | null,
    kind: EnquiryEventKind,
    now: Date,
    detail: string | null = null,
  ) {
    if (!isEnquiryId(enquiryId)) return false;
    return db.transaction().execute(async (trx) => {
      const known = await trx
        .selectFrom("enquiries")
        .select("id")
        .where("id", "=", enquiryId)
        .executeTakeFirst();
      if (!known) return false;
      await trx
        .insertInto("enquiryEvents")
        .values(event(enquiryId, staffId, kind, now, detail))
        .execute();
      return true;
    });
  }

  /** Changes a column and records the change in one transaction, if it changes anything. */
  async function change(
    enquiryId: string,
    staffId: string | null,
    now: Date,
    set: { stage: EnquiryStage } | { ownerId: string | null },
    kind: EnquiryEventKind,
    detail: string,
  ) {
    if (!isEnquiryId(enquiryId)) return "not_found" as const;
    return db.transaction().execute(async (trx) => {
      const [column, value] = Object.entries(set)[0] as ["stage" | "ownerId", string | null];
      const changed = await trx
        .updateTable("enquiries")
        .set(set)
        .where("id", "=", enquiryId)
        .where((eb) =>
          value === null
            ? eb(column, "is not", null)
            : eb.or([eb(column, "is", null), eb(column, "<>", value)]),
        )
        .executeTakeFirst();
      if (changed.numUpdatedRows === 0n) {
        const known = await trx.selectFrom("enquiries").select("id").where("id", "=", enquiryId);
        return (await known.executeTakeFirst()) ? ("unchanged" as const) : ("not_found" as const);
      }
      await trx
        .insertInto("enquiryEvents")
        .values(event(enquiryId, staffId, kind, now, detail))
        .execute();
      return "done" as const;
    });
  }

  return {
    /**
     * A page of a view, newest first, at most `limit`, narrowed by search, type and status: the
     * newest, or those just older or newer than `from`; with the edges of the pages beside it.
     */
    async list(query: InboxQuery) {
      const newer = query.from?.direction === "newer";
      const order = newer ? "asc" : "desc";
      const found = query.search ? await candidates(query.search) : undefined;
      const fetched = await db
        .selectFrom("enquiries")
        .leftJoin("staff", "staff.id", "enquiries.ownerId")
        .select([
          "enquiries.id",
          "enquiries.receivedAt",
          "enquiries.name",
          "enquiries.companyName",
          "enquiries.enquiryType",
          "enquiries.status",
          "enquiries.stage",
          "enquiries.firstReplyAt",
          "staff.name as ownerName",
        ])
        .where((eb) =>
          eb.and([
            viewFilter(eb, query),
            ...(query.status ? [statusFilter(eb, query.status)] : []),
            ...(query.type ? [eb("enquiries.enquiryType", "=", query.type)] : []),
            ...(query.search ? [searchFilter(eb, query.search, found)] : []),
            ...(query.from
              ? [
                  eb(
                    eb.refTuple("enquiries.receivedAt", "enquiries.id"),
                    newer ? ">" : "<",
                    eb.tuple(query.from.receivedAt, query.from.id),
                  ),
                ]
              : []),
          ]),
        )
        .orderBy("enquiries.receivedAt", order)
        .orderBy("enquiries.id", order)
        .limit(query.limit + 1)
        .execute();
      const more = fetched.length > query.limit;
      const rows = fetched.slice(0, query.limit).map((row) => ({
        ...row,
        receivedAt: iso(row.receivedAt),
        firstReplyAt: row.firstReplyAt === null ? null : iso(row.firstReplyAt),
        status: inboxStatusOf(row),
      }));
      if (newer) rows.reverse();
      const edge = (row: InboxCursor | undefined) =>
        row && { receivedAt: row.receivedAt, id: row.id };
      return {
        rows,
        older: newer || more ? edge(rows.at(-1)) : undefined,
        newer: (newer ? more : query.from !== undefined) ? edge(rows[0]) : undefined,
      };
    },

    /** An enquiry with its deliveries and timeline, oldest event first; undefined if none. */
    async read(id: string) {
      if (!isEnquiryId(id)) return undefined;
      const row = await db
        .selectFrom("enquiries")
        .leftJoin("staff", "staff.id", "enquiries.ownerId")
        .selectAll("enquiries")
        .select("staff.name as ownerName")
        .where("enquiries.id", "=", id)
        .executeTakeFirst();
      if (!row) return undefined;
      const deliveries = await db
        .selectFrom("deliveries")
        .selectAll()
        .where("enquiryId", "=", id)
        .execute();
      const events = await db
        .selectFrom("enquiryEvents")
        .leftJoin("staff", "staff.id", "enquiryEvents.staffId")
        .select([
          "enquiryEvents.id",
          "enquiryEvents.at",
          "enquiryEvents.kind",
          "enquiryEvents.detail",
          "staff.name as staffName",
        ])
        .where("enquiryEvents.enquiryId", "=", id)
        .orderBy("enquiryEvents.at")
        .orderBy("enquiryEvents.id")
        .execute();
      const { heldDigestDay, ...enquiry } = row;
      return {
        enquiry: { ...enquiry, receivedAt: iso(row.receivedAt), inboxStatus: inboxStatusOf(row) },
        deliveries: deliveries.map((job: Selectable<Tables["deliveries"]>) => ({
          channel: job.channel,
          status: job.status,
          attempts: job.attempts,
          deliveredAt: job.deliveredAt == null ? null : iso(job.deliveredAt),
          lastError: job.lastError,
        })),
        events: events.map((e) => ({ ...e, at: iso(e.at) })),
      };
    },

    record,

    /**
     * Records that the enquiries command showed or wrote out these enquiries (no person is
     * signed in there: `detail` names the command); those erased meanwhile are left out.
     */
    async recordCommand(ids: string[], kind: "viewed" | "exported", detail: string, now: Date) {
      await db.transaction().execute(async (trx) => {
        for (const chunk of chunks(ids.filter(isEnquiryId))) {
          const known = await trx
            .selectFrom("enquiries")
            .select("id")
            .where("id", "in", chunk)
            .execute();
          if (known.length === 0) continue;
          await trx
            .insertInto("enquiryEvents")
            .values(known.map(({ id }) => event(id, null, kind, now, detail)))
            .execute();
        }
      });
    },

    setStage: (id: string, stage: EnquiryStage, staffId: string | null, now: Date) =>
      change(id, staffId, now, { stage }, "stage", stage),

    /** `owner` by id and name (the name kept in the timeline), or null for nobody. */
    setOwner: (
      id: string,
      owner: { id: string; name: string } | null,
      staffId: string | null,
      now: Date,
    ) => change(id, staffId, now, { ownerId: owner?.id ?? null }, "owner", owner?.name ?? "nobody"),

    addNote: (id: string, text: string, staffId: string | null, now: Date) =>
      record(id, staffId, "note", now, text),

    /** Who answers each enquiry type (decision 0049): staff ids by type, a type unrouted left out. */
    async routes(): Promise<Routes> {
      const rows = await db.selectFrom("enquiryRoutes").selectAll().execute();
      return Object.fromEntries(rows.map((row) => [row.enquiryType, row.staffId]));
    },

    /** Routes each type to whom `routes` names, all at once; a type it leaves out to nobody. */
    async setRoutes(routes: Routes) {
      const rows = Object.entries(routes).map(([enquiryType, staffId]) => ({
        enquiryType: enquiryType as Enquiry["enquiryType"],
        staffId,
      }));
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("enquiryRoutes").execute();
        if (rows.length) await trx.insertInto("enquiryRoutes").values(rows).execute();
      });
    },

    /** The enquiry's owner, by name and address, for the mails they get; undefined if none. */
    ownerOf: (id: string) =>
      db
        .selectFrom("enquiries")
        .innerJoin("staff", "staff.id", "enquiries.ownerId")
        .select(["staff.name", "staff.email"])
        .where("enquiries.id", "=", id)
        .executeTakeFirst(),

    /** How many timeline rows the store holds, of all enquiries (erasure's proof). */
    async eventsStored() {
      const { count } = await db
        .selectFrom("enquiryEvents")
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** The visit the insights counted an enquiry for: its entry page and source, once. */
    async noteVisit(id: string, visit: { entry: string; source: string }) {
      await db
        .updateTable("enquiries")
        .set({ entryPage: visit.entry, source: visit.source })
        .where("id", "=", id)
        .where("entryPage", "is", null)
        .execute();
    },
  };
}
