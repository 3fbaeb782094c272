import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { addDays, dayOf } from "../days";
import { repeat } from "../repeat";
import { CountTable, type DayBatch, type InsightsStore } from "../store/insights-store";
import { labelsPerDay, type Visit } from "../store/schema";
import type { PageView } from "./page-view";

/** What a visitor's hash is made of; held only while the request is answered. */
type Identity = { site: string; address: string; userAgent: string };

/** An enquiry whose visitor another instance has not flushed yet is looked for this many times. */
const enquiryTries = 3;

/**
 * Visitors, their pages, downloads and enquiries a day holds in memory between flushes, each at
 * most: a flood of made-up visitors grows nothing beyond it (decision 0040).
 */
export const pendingLimit = 10_000;

type Tap = NonNullable<DayBatch["taps"]>[number];

type Pending = {
  /** At most `labelsPerDay` values a dimension, as the store keeps. */
  counts: CountTable;
  visitors: Map<string, Visit>;
  /** Keyed `hash\npath`. */
  visitorPages: Map<string, { hash: string; path: string }>;
  /** Keyed `hash\npath`: a visitor's file counts once a day, from where it first came. */
  downloads: Map<string, NonNullable<DayBatch["downloads"]>[number]>;
  /** Keyed `channel\nsource`. */
  taps: Map<string, Tap>;
  enquiries: { hash: string; enquiryId?: string; tries: number }[];
  held: number;
};

/**
 * Counts page views, downloads, taps, enquiries and held sends in memory, added to the store
 * every `flushMs` (decisions 0021, 0040). A visitor is an HMAC of the day's salt, site, address
 * and user agent, kept nowhere else.
 */
export function createInsightsCounter(options: {
  store: InsightsStore;
  flushMs: number;
  log: Record<"error" | "warn", (fields: object, message: string) => void>;
  /** The clock, in epoch milliseconds (tests move it). */
  now?: () => number;
}) {
  const { store, flushMs, log, now = Date.now } = options;
  const salts = new Map<string, KeyObject>();
  let pending = new Map<string, Pending>();
  /** Visitors, pages, downloads and enquiries full maps turned away since the last flush. */
  let turnedAway = 0;
  let flushes: ReturnType<typeof repeat> | undefined;
  let saltProblemLogged = false;

  const today = () => dayOf(new Date(now()));
  const pendingOf = (day: string) => {
    const entry: Pending = pending.get(day) ?? {
      counts: new CountTable(labelsPerDay),
      visitors: new Map(),
      visitorPages: new Map(),
      downloads: new Map(),
      taps: new Map(),
      enquiries: [],
      held: 0,
    };
    pending.set(day, entry);
    return entry;
  };
  /** Adds `value` under `key` unless the key is there, or the map is full. */
  const keep = <Value>(map: Map<string, Value>, key: string, value: Value) => {
    if (map.has(key)) return;
    if (map.size < pendingLimit) map.set(key, value);
    else turnedAway++;
  };
  const addTap = (taps: Map<string, Tap>, { channel, source, taps: n }: Tap) => {
    const tap = taps.get(`${channel}\n${source}`) ?? { channel, source, taps: 0 };
    tap.taps += n;
    taps.set(`${channel}\n${source}`, tap);
  };
  const addEnquiry = (day: string, enquiry: Pending["enquiries"][number]) => {
    const { enquiries } = pendingOf(day);
    if (enquiries.length < pendingLimit) enquiries.push(enquiry);
    else turnedAway++;
  };
  /** What the store failed to take goes back in, under the same limits, for the next flush. */
  const putBack = (day: string, from: Pending) => {
    const into = pendingOf(day);
    for (const row of from.counts.rows()) into.counts.addRow(row);
    for (const [hash, visit] of from.visitors) keep(into.visitors, hash, visit);
    for (const [key, page] of from.visitorPages) keep(into.visitorPages, key, page);
    for (const [key, download] of from.downloads) keep(into.downloads, key, download);
    for (const tap of from.taps.values()) addTap(into.taps, tap);
    for (const enquiry of from.enquiries) addEnquiry(day, enquiry);
    into.held += from.held;
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
    const taken = [...pending];
    pending = new Map();
    if (turnedAway > 0) {
      log.warn(
        { turnedAway },
        "insights: more visitors, pages or downloads than a flush holds; the rest not counted",
      );
      turnedAway = 0;
    }
    if (taken.length === 0) return;
    const batches = taken.map(([day, entry]) => ({
      day,
      counts: entry.counts.rows(),
      visitors: [...entry.visitors].map(([hash, visit]) => ({ hash, visit })),
      visitorPages: [...entry.visitorPages.values()],
      downloads: [...entry.downloads.values()],
      taps: [...entry.taps.values()],
      enquiries: entry.enquiries.map(({ hash, enquiryId }) => ({ hash, enquiryId })),
      held: entry.held,
    }));
    let unattributed: Set<string>;
    try {
      unattributed = new Set((await store.record(batches)).map((e) => `${e.day}\n${e.hash}`));
    } catch (error) {
      for (const [day, entry] of taken) putBack(day, entry);
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
        else addEnquiry(day, { hash, enquiryId, tries: tries + 1 });
      }
    }
    if (final) await write(final);
  }

  async function flush(final: boolean) {
    // Said once: without the salt, page views are still counted, visitors not.
    await keepSalts().catch((err: unknown) => {
      if (!saltProblemLogged) log.error({ err }, "insights: could not read the day's salt");
      saltProblemLogged = true;
    });
    await write(final);
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
        keep(visitors, hash, { entry: view.path, ...view.cameFrom(), device: view.device });
      keep(visitorPages, `${hash}\n${view.path}`, { hash, path: view.path });
    },
    /**
     * Counts a visitor's download of a datasheet or document, by its path and where it came
     * from, once a day. Without an identity it cannot be told from a repeat: not counted.
     */
    download(path: string, source: string, identity: Identity | undefined) {
      const day = today();
      const hash = hashOf(day, identity);
      if (hash) keep(pendingOf(day).downloads, `${hash}\n${path}`, { hash, path, source });
    },
    /** Counts a tap on a contact link. */
    tap(channel: string, source: string) {
      addTap(pendingOf(today()).taps, { channel, source, taps: 1 });
    },
    /** Counts an enquiry, for its visitor's visit when there is one; the inbox learns which. */
    enquiry(identity: Identity | undefined, enquiryId?: string) {
      const day = today();
      const hash = hashOf(day, identity);
      if (hash) addEnquiry(day, { hash, enquiryId, tries: 0 });
      else pendingOf(day).counts.add(day, "total", "", "enquiries");
    },
    /** Counts a send the bot check held, apart from enquiries and their visits (decision 0039). */
    held() {
      pendingOf(today()).held++;
    },
    /** Loads the day's salt, then flushes every `flushMs`. */
    async start() {
      flushes = repeat(() => flush(false), flushMs);
      await flushes.first;
    },
    /** A flush now, after the one under way. */
    flush: async () => {
      await flushes?.run();
    },
    /** Stops the flushes and writes everything still in memory. */
    async stop() {
      await flushes?.stop();
      await flush(true);
    },
  };
}
