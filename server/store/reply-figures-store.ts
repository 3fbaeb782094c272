import { sql } from "kysely";
import type { Database } from "./database";

// What the insights dashboard reads of the inbox (decision 0050): when each enquiry of a period
// had its first reply, and the funnel by source: visits (the insights' counts) → enquiries →
// contacted → won (the inbox's stages). Read through the insights' pool, as the report is
// (decision 0040); each query a range over received_at (enquiries_received) or over day.

export type ReplyFiguresStore = ReturnType<typeof replyFiguresStore>;

/** Days as the report names them (UTC, both included), as a half-open range of instants. */
const instants = (from: string, to: string) => ({
  start: `${from}T00:00:00.000Z`,
  end: new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString(),
});

/** Contacted: a stage past new, or a first reply (which setting Contacted also records). */
const contacted = sql<number>`CASE WHEN stage <> 'new' OR first_reply_at IS NOT NULL THEN 1 ELSE 0 END`;
const won = sql<number>`CASE WHEN stage = 'won' THEN 1 ELSE 0 END`;
const total = (column: string) => sql<number>`sum(${sql.ref(column)})`;

export function replyFiguresStore({ counting: db }: Database) {
  /** Accepted enquiries received on the days from `from` to `to`: what the inbox worked. */
  const received = (from: string, to: string) => {
    const { start, end } = instants(from, to);
    return db
      .selectFrom("enquiries")
      .where("receivedAt", ">=", start)
      .where("receivedAt", "<", end)
      .where("status", "=", "accepted");
  };
  const asNumbers = (row: { enquiries: unknown; contacted: unknown; won: unknown }) => ({
    enquiries: Number(row.enquiries ?? 0),
    contacted: Number(row.contacted ?? 0),
    won: Number(row.won ?? 0),
  });

  return {
    /** When each accepted enquiry of the days was received and first replied to (null: not yet). */
    async firstReplies(from: string, to: string) {
      const rows = await received(from, to)
        .select(["receivedAt", "firstReplyAt"])
        .orderBy("receivedAt")
        .execute();
      return rows.map((row) => ({
        receivedAt: new Date(row.receivedAt),
        firstReplyAt: row.firstReplyAt === null ? null : new Date(row.firstReplyAt),
      }));
    },

    /**
     * The funnel of the days' first `top` sources by enquiries (then visits), added up in the
     * store: each source's visits, and its accepted enquiries, contacted and won; `source` null
     * for enquiries that came with no counted visit. With the enquiries' totals over all sources.
     */
    async funnelBySource(from: string, to: string, top: number) {
      const visits = db
        .selectFrom("insightsDaily")
        .select([
          sql<string | null>`value`.as("source"),
          sql<number>`sum(visits)`.as("visits"),
          sql<number>`0`.as("enquiries"),
          sql<number>`0`.as("contacted"),
          sql<number>`0`.as("won"),
        ])
        .where("day", ">=", from)
        .where("day", "<=", to)
        .where("dimension", "=", "source")
        .groupBy("value");
      const enquiries = received(from, to)
        .select([
          "source",
          sql<number>`0`.as("visits"),
          sql<number>`count(*)`.as("enquiries"),
          sql<number>`sum(${contacted})`.as("contacted"),
          sql<number>`sum(${won})`.as("won"),
        ])
        .groupBy("source");
      const rows = await db
        .selectFrom(visits.unionAll(enquiries).as("funnel"))
        .select([
          "source",
          total("visits").as("visits"),
          total("enquiries").as("enquiries"),
          total("contacted").as("contacted"),
          total("won").as("won"),
        ])
        .groupBy("source")
        .orderBy(total("enquiries"), "desc")
        .orderBy(total("visits"), "desc")
        .orderBy("source")
        .limit(top)
        .execute();
      const all = await received(from, to)
        .select([
          sql<number>`count(*)`.as("enquiries"),
          sql<number>`sum(${contacted})`.as("contacted"),
          sql<number>`sum(${won})`.as("won"),
        ])
        .executeTakeFirstOrThrow();
      return {
        rows: rows.map((row) => ({
          source: row.source,
          visits: Number(row.visits),
          ...asNumbers(row),
        })),
        all: asNumbers(all),
      };
    },
  };
}
