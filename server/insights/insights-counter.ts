import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { CountTable, type InsightsStore } from "../store/insights-store";
import type { Visit } from "../store/schema";
import { addDays, dayOf } from "./insights-report";
import type { PageView } from "./page-view";

/** What a visitor's hash is made of; held only while the request is answered. */
type Identity = { site: string; address: string; userAgent: string };

/** An enquiry whose visitor another instance has not flushed yet is looked for this many times. */
const enquiryTries = 3;

type Pending = {
  counts: CountTable;
  visitors: Map<string, Visit>;
  /** Keyed `hash\npath`. */
  visitorPages: Map<string, { hash: string; path: string }>;
  enquiries: { hash: string; enquiryId?: string; tries: number }[];
};

/**
 * Counts page views and enquiries in memory, added to the store every `flushMs` (decision 0021).
 * A visitor is an HMAC of the day's salt, site, address and user agent, kept nowhere else.
 */
export function createInsightsCounter(options: {
  store: InsightsStore;
  flushMs: number;
  log: { error(fields: object, message: string): void };
  /** The clock, in epoch milliseconds (tests move it). */
  now?: () => number;
}) {
  const { store, flushMs, log, now = Date.now } = options;
  const salts = new Map<string, KeyObject>();
  let pending = new Map<string, Pending>();
  /** What the store failed to take, tried again with the next flush. */
  let unwritten: [string, Pending][] = [];
  let flushing = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let saltProblemLogged = false;

  const today = () => dayOf(new Date(now()));
  const pendingOf = (day: string) => {
    const entry: Pending = pending.get(day) ?? {
      counts: new CountTable(),
      visitors: new Map(),
      visitorPages: new Map(),
      enquiries: [],
    };
    pending.set(day, entry);
    return entry;
  };
  const hashOf = (day: string, identity: Identity | undefined) => {
    const salt = identity && salts.get(day);
    if (!identity || !salt) return undefined;
    const { site, address, userAgent } = identity;
    return createHmac("sha256", salt)
      .update(`${site}\n${address}\n${userAgent}`)
      .digest("base64url")
      .slice(0, 22);
  };

  /** Today's and tomorrow's salts in memory, so midnight needs no store; older ones destroyed. */
  async function keepSalts() {
    const day = today();
    for (const known of salts.keys()) if (known < day) salts.delete(known);
    for (const needed of [day, addDays(day, 1)]) {
      if (!salts.has(needed)) salts.set(needed, createSecretKey(await store.dailySalt(needed)));
    }
    // A finished day's visitors stay a little longer than its salt, for instances still flushing it.
    await store.forget({
      salts: day,
      visitors: dayOf(new Date(now() - Math.max(60_000, 3 * flushMs))),
    });
  }

  /** Writes what is pending; on failure it waits for the next flush (the last one throws). */
  async function write(final: boolean) {
    const taken = [...unwritten, ...pending];
    pending = new Map();
    unwritten = [];
    if (taken.length === 0) return;
    const batches = taken.map(([day, entry]) => ({
      day,
      counts: entry.counts.rows(),
      visitors: [...entry.visitors].map(([hash, visit]) => ({ hash, visit })),
      visitorPages: [...entry.visitorPages.values()],
      enquiries: entry.enquiries.map(({ hash, enquiryId }) => ({ hash, enquiryId })),
    }));
    let unattributed: Set<string>;
    try {
      unattributed = new Set((await store.record(batches)).map((e) => `${e.day}\n${e.hash}`));
    } catch (error) {
      unwritten = taken;
      log.error({ err: error }, "insights: could not write the counts; will try again");
      if (final) throw error;
      return;
    }
    for (const [day, { enquiries }] of taken) {
      for (const { hash, enquiryId, tries } of enquiries) {
        if (!unattributed.has(`${day}\n${hash}`)) continue;
        // At the last try, counted without a visit, in the next write.
        if (final || tries + 1 >= enquiryTries)
          pendingOf(day).counts.add(day, "total", "", "enquiries");
        else pendingOf(day).enquiries.push({ hash, enquiryId, tries: tries + 1 });
      }
    }
    if (final) await write(final);
  }

  /** One flush at a time; a flush asked for during one runs after it. */
  function flush(final = false) {
    const next = flushing.then(async () => {
      // Said once: without the salt, page views are still counted, visitors not.
      await keepSalts().catch((err: unknown) => {
        if (!saltProblemLogged) log.error({ err }, "insights: could not read the day's salt");
        saltProblemLogged = true;
      });
      await write(final);
    });
    flushing = next.catch(() => {});
    return next;
  }

  return {
    /** Counts a page view; without an identity (GPC, DNT) it makes no visitor. */
    pageView(view: PageView, identity: Identity | undefined) {
      const day = today();
      const { counts, visitors, visitorPages } = pendingOf(day);
      counts.add(day, "total", "", "pageviews");
      counts.add(day, "page", view.path, "pageviews");
      counts.add(day, "device", view.device, "pageviews");
      const hash = hashOf(day, identity);
      if (!hash) return;
      if (!visitors.has(hash))
        visitors.set(hash, { entry: view.path, ...view.cameFrom(), device: view.device });
      visitorPages.set(`${hash}\n${view.path}`, { hash, path: view.path });
    },
    /** Counts a download of a datasheet or document, by its path and where it came from. */
    download(path: string, source: string) {
      const day = today();
      const { counts } = pendingOf(day);
      counts.add(day, "total", "", "downloads");
      counts.add(day, "download", path, "downloads");
      counts.add(day, "download-source", source, "downloads");
    },
    /** Counts an enquiry, for its visitor's visit when there is one; the inbox learns which. */
    enquiry(identity: Identity | undefined, enquiryId?: string) {
      const day = today();
      const hash = hashOf(day, identity);
      if (hash) pendingOf(day).enquiries.push({ hash, enquiryId, tries: 0 });
      else pendingOf(day).counts.add(day, "total", "", "enquiries");
    },
    /** Loads the day's salt, then flushes every `flushMs`. */
    async start() {
      await flush().catch(() => {});
      timer = setInterval(() => flush().catch(() => {}), flushMs).unref();
    },
    flush: () => flush(),
    /** Stops the flushes and writes everything still in memory. */
    async stop() {
      clearInterval(timer);
      await flush(true);
    },
  };
}
