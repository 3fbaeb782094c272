import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { addDays, dayOf } from "./insights-report";
import { CountTable, type DayBatch, type InsightsStore, type Visit } from "./insights-store";
import type { PageView } from "./page-view";

/** What a visitor's hash is made of; held only while the request is answered. */
export type Identity = { site: string; address: string; userAgent: string };

type Log = {
  error: (fields: object, message: string) => void;
};

export type InsightsCounter = {
  /** Counts a page view; without an identity (GPC, DNT) it makes no visitor. */
  pageView(view: PageView, identity: Identity | undefined): void;
  /** Counts an enquiry, for its visitor's visit when there is one. */
  enquiry(identity: Identity | undefined): void;
  /** Loads the day's salt; then flushes every `flushMs`. */
  start(): Promise<void>;
  flush(): Promise<void>;
  /** Stops the flushes and writes everything still in memory. */
  stop(): Promise<void>;
};

type Pending = {
  /**
   * Page views by route and by device, apart from `counts` because they are added on every
   * request: a route or device string is the same object each time, a quick key.
   */
  views: Map<string, number>;
  deviceViews: Map<string, number>;
  counts: CountTable;
  visitors: Map<string, Visit>;
  visitorPages: { hash: string; path: string }[];
  /** Enquiries' visitor hashes, each with how many flushes have not found its visitor. */
  enquiries: { hash: string; tries: number }[];
};

/**
 * An enquiry whose visitor is not in the store yet (another instance saw the pages and has not
 * flushed) is looked for again at the next flushes; after this many it counts without a visit.
 */
const enquiryTries = 3;
/**
 * Visitors this instance already sent, per day, each with the pages it was sent on, so a
 * visitor's next page costs no write. The store decides what is new; past this many visitors
 * and pages together they start over, costing writes, not accuracy.
 */
const maxRemembered = 100_000;

/**
 * Counts page views and enquiries in memory and adds them to the store every `flushMs`
 * (decision 0021). A visitor is an HMAC of the day's salt, the site, the client address and the
 * user agent: the address and user agent go into the hash and nowhere else.
 */
export function createInsightsCounter(options: {
  store: InsightsStore;
  flushMs: number;
  log: Log;
  /** The clock, in epoch milliseconds (tests move it). */
  now?: () => number;
}): InsightsCounter {
  const { store, flushMs, log, now = Date.now } = options;
  // Visitor rows of a finished day stay a little longer than its salt: an instance may still be
  // flushing the day's last pages.
  const forgetVisitorsAfterMs = Math.max(60_000, 3 * flushMs);
  /** Each day's salt, as a key, kept in memory nowhere else. */
  const salts = new Map<string, KeyObject>();
  let pending = new Map<string, Pending>();
  /** By day: each visitor's hash, with the routes of its pages; `size` counts both. */
  const remembered = new Map<string, { visitors: Map<string, Set<string>>; size: number }>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let saltProblemLogged = false;

  const currentDay = () => dayOf(new Date(now()));

  const pendingOf = (day: string) => {
    let entry = pending.get(day);
    if (!entry) {
      entry = {
        views: new Map(),
        deviceViews: new Map(),
        counts: new CountTable(),
        visitors: new Map(),
        visitorPages: [],
        enquiries: [],
      };
      pending.set(day, entry);
    }
    return entry;
  };
  const rememberedOf = (day: string) => {
    let entry = remembered.get(day);
    if (!entry || entry.size > maxRemembered) {
      entry = { visitors: new Map(), size: 0 };
      remembered.set(day, entry);
    }
    return entry;
  };
  const hashOf = (day: string, identity: Identity | undefined) => {
    const salt = identity && salts.get(day);
    if (!identity || !salt) return undefined;
    return createHmac("sha256", salt)
      .update(`${identity.site}\n${identity.address}\n${identity.userAgent}`)
      .digest("base64url")
      .slice(0, 22);
  };

  /** Today's and tomorrow's salts in memory, so midnight needs no store; older ones destroyed. */
  async function keepSalts() {
    const day = currentDay();
    for (const known of salts.keys()) if (known < day) salts.delete(known);
    for (const needed of [day, addDays(day, 1)]) {
      if (!salts.has(needed)) salts.set(needed, createSecretKey(await store.dailySalt(needed)));
    }
    await store.forget({
      salts: day,
      visitors: dayOf(new Date(now() - forgetVisitorsAfterMs)),
    });
    for (const known of remembered.keys()) if (known < day) remembered.delete(known);
  }

  async function write(final: boolean) {
    const taken = pending;
    pending = new Map();
    const batches: DayBatch[] = [];
    const tries = new Map<string, number[]>();
    for (const [day, entry] of taken) {
      for (const [path, n] of entry.views) {
        entry.counts.add(day, "total", "", "pageviews", n);
        entry.counts.add(day, "page", path, "pageviews", n);
      }
      for (const [device, n] of entry.deviceViews) {
        entry.counts.add(day, "device", device, "pageviews", n);
      }
      for (const { hash, tries: n } of entry.enquiries) {
        const key = `${day}\n${hash}`;
        tries.set(key, [...(tries.get(key) ?? []), n]);
      }
      batches.push({
        day,
        counts: entry.counts.rows(),
        visitors: [...entry.visitors].map(([hash, visit]) => ({ hash, visit })),
        visitorPages: entry.visitorPages,
        enquiries: entry.enquiries.map(({ hash }) => hash),
      });
    }
    if (batches.length === 0) return;
    let unattributed: { day: string; hash: string }[];
    try {
      unattributed = await store.record(batches);
    } catch (error) {
      // Kept for the next flush; on the last one, lost (and said so).
      for (const [day, entry] of taken) putBack(day, entry);
      log.error({ err: error }, "insights: could not write the counts; will try again");
      if (final) throw error;
      return;
    }
    const unattributedCounts = new CountTable();
    for (const { day, hash } of unattributed) {
      const n = (tries.get(`${day}\n${hash}`)?.shift() ?? 0) + 1;
      if (final || n >= enquiryTries) unattributedCounts.add(day, "total", "", "enquiries");
      else pendingOf(day).enquiries.push({ hash, tries: n });
    }
    if (unattributedCounts.size === 0) return;
    if (!final) {
      for (const row of unattributedCounts.rows()) pendingOf(row.day).counts.addRow(row);
      return;
    }
    const days = new Set(unattributedCounts.rows().map((row) => row.day));
    await store.record(
      [...days].map((day) => ({
        day,
        counts: unattributedCounts.rows().filter((row) => row.day === day),
        visitors: [],
        visitorPages: [],
        enquiries: [],
      })),
    );
  }

  function putBack(day: string, entry: Pending) {
    const into = pendingOf(day);
    for (const row of entry.counts.rows()) into.counts.addRow(row);
    for (const [hash, visit] of entry.visitors)
      if (!into.visitors.has(hash)) into.visitors.set(hash, visit);
    into.visitorPages.push(...entry.visitorPages);
    into.enquiries.push(...entry.enquiries);
  }

  async function flushOnce(final: boolean) {
    try {
      await keepSalts();
    } catch (error) {
      if (!saltProblemLogged) {
        log.error(
          { err: error },
          "insights: could not read the day's salt; counting page views only",
        );
        saltProblemLogged = true;
      }
    }
    await write(final);
  }

  /** One flush at a time; a flush asked for during one runs after it. */
  function flush(final = false): Promise<void> {
    const next = (flushing ?? Promise.resolve()).then(() => flushOnce(final));
    const settled = next.catch(() => undefined);
    flushing = settled;
    void settled.then(() => {
      if (flushing === settled) flushing = undefined;
    });
    return next;
  }

  return {
    pageView(view, identity) {
      const day = currentDay();
      const { views, deviceViews, visitors, visitorPages } = pendingOf(day);
      views.set(view.path, (views.get(view.path) ?? 0) + 1);
      deviceViews.set(view.device, (deviceViews.get(view.device) ?? 0) + 1);
      const hash = hashOf(day, identity);
      if (!hash) return;
      const seen = rememberedOf(day);
      let pages = seen.visitors.get(hash);
      if (!pages) {
        pages = new Set();
        seen.visitors.set(hash, pages);
        seen.size++;
        visitors.set(hash, { entry: view.path, ...view.cameFrom(), device: view.device });
      }
      if (!pages.has(view.path)) {
        pages.add(view.path);
        seen.size++;
        visitorPages.push({ hash, path: view.path });
      }
    },
    enquiry(identity) {
      const day = currentDay();
      const hash = hashOf(day, identity);
      if (hash) pendingOf(day).enquiries.push({ hash, tries: 0 });
      else pendingOf(day).counts.add(day, "total", "", "enquiries");
    },
    async start() {
      await flushOnce(false).catch((error: unknown) =>
        log.error({ err: error }, "insights: could not write the counts; will try again"),
      );
      timer = setInterval(() => {
        flush().catch(() => undefined);
      }, flushMs);
      timer.unref();
    },
    flush: () => flush(),
    async stop() {
      clearInterval(timer);
      await flush(true);
    },
  };
}
