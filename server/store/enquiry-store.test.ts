import { readdirSync, readFileSync } from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { test } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import type { DeliveryPlan, EnquiryStore } from "./enquiry-store";
import { labelsPerDay } from "./schema";

const enquiry = (name: string) =>
  sampleEnquiry({ name, email: `${name.toLowerCase()}@example.co.za` });

// What a person's requests and retention select by: the address and the day received.
const from = (email: string, name = "Thandi Nkosi") => sampleEnquiry({ email, name });

const everyChannel: DeliveryPlan = { channels: ["mail", "webhook"], acknowledge: true };

const t0 = new Date("2026-03-01T08:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const lease = 60_000;
const onDay = (days: number) => new Date(t0.getTime() + days * 86_400_000);

describe.each(storeKinds)("the $name enquiry store", (kind) => {
  const it = test
    .extend(
      "newDatabaseUrl",
      ({ tempDir }) =>
        () =>
          kind.newDatabaseUrl(tempDir),
    )
    /** Opens the store at `url`, or a new one. */
    .extend(
      "open",
      ({ newDatabaseUrl, openStore }) =>
        async (url?: string) =>
          openStore(url ?? (await newDatabaseUrl())),
    );
  const sqlite = kind.name === "SQLite";
  /** Runs `sql` on the store at `url`, as the previous release or an operator would. */
  async function runSql(url: string, sql: string) {
    if (sqlite) {
      const db = new Database(url.slice("file:".length));
      db.exec(sql);
      db.close();
      return;
    }
    const client = new pg.Client(url);
    await client.connect();
    await client.query(sql);
    await client.end();
  }
  /** The rows one query reads from the store at `url`. */
  async function rowsOf(url: string, query: string) {
    if (sqlite) {
      const db = new Database(url.slice("file:".length), { readonly: true });
      const rows = db.prepare(query).all();
      db.close();
      return rows;
    }
    const client = new pg.Client(url);
    await client.connect();
    const { rows } = await client.query(query);
    await client.end();
    return rows;
  }
  /** The addresses SQLite's copy for search holds (migration 015); PostgreSQL keeps none. */
  const copied = async (url: string) =>
    (await rowsOf(url, "SELECT email FROM enquiries_words ORDER BY email")).map((r) => r.email);

  it("keeps each enquiry as given, whatever its fields' order, with a pending job per channel due at once", async ({
    open,
  }) => {
    const store = await open();
    const reordered = Object.fromEntries(Object.entries(enquiry("Sipho")).reverse());
    const both: DeliveryPlan = { channels: ["mail", "webhook"], acknowledge: false };
    const saved = [
      await store.saveEnquiry(enquiry("Thandi"), t0, mailOnly),
      await store.saveEnquiry(reordered as ReturnType<typeof enquiry>, at(1), mailOnly),
      await store.saveEnquiry(enquiry("Lerato"), at(2), both),
    ];
    expect(saved[0]).toMatchObject({ ...enquiry("Thandi"), receivedAt: t0.toISOString() });
    const listed = await store.listEnquiries();
    expect(listed.map(({ delivery, ...stored }) => stored)).toEqual(saved);
    expect(listed[0]?.delivery).toEqual({
      status: "pending",
      channels: [
        {
          channel: "mail",
          status: "pending",
          attempts: 0,
          nextAttemptAt: t0.toISOString(),
          deliveredAt: null,
          lastError: null,
        },
      ],
    });
    const channels = listed.map(({ delivery }) => delivery.channels.map((job) => job.channel));
    expect(channels).toEqual([["mail"], ["mail"], ["mail", "webhook"]]);
    expect(await store.nextDueAt("mail")).toEqual(t0);
  });

  it("hands each due delivery to one claim until its lease runs out, and records it delivered once", async ({
    open,
  }) => {
    const store = await open();
    const first = await store.saveEnquiry(enquiry("First"), t0, mailOnly);
    const second = await store.saveEnquiry(enquiry("Second"), at(1), mailOnly);
    expect(await store.claimDueDelivery("mail", at(-1), lease)).toBeUndefined();

    const claimA = await store.claimDueDelivery("mail", at(10), lease);
    expect(claimA).toMatchObject({
      enquiry: first,
      failedAttempts: 0,
      leaseExpiresAt: at(10 + lease),
    });
    const claimB = await store.claimDueDelivery("mail", at(10), lease);
    expect(claimB?.enquiry).toEqual(second);
    expect(await store.claimDueDelivery("mail", at(10), lease)).toBeUndefined();
    expect(await store.nextDueAt("mail")).toEqual(at(10 + lease));

    // The holder of the first claim died: once its lease is over, the job is due again.
    const retaken = await store.claimDueDelivery("mail", at(10 + lease), lease);
    expect(retaken?.enquiry).toEqual(first);
    expect(retaken?.lease).not.toBe(claimA?.lease);

    // Recorded once: a second report changes nothing, and nothing is due after.
    await store.markDelivered(first.id, "mail", at(lease + 500));
    await store.markDelivered(first.id, "mail", at(lease + 900));
    await store.markDelivered(second.id, "mail", at(lease + 900));
    const [record] = await store.listEnquiries();
    expect(record?.delivery).toEqual({
      status: "delivered",
      channels: [
        {
          channel: "mail",
          status: "delivered",
          attempts: 1,
          nextAttemptAt: null,
          deliveredAt: at(lease + 500).toISOString(),
          lastError: null,
        },
      ],
    });
    expect(await store.claimDueDelivery("mail", at(10 * lease), lease)).toBeUndefined();
    expect(await store.nextDueAt("mail")).toBeUndefined();
  });

  it("extends a lease or records a failed attempt only for the claim that still holds it", async ({
    open,
  }) => {
    const store = await open();
    await store.saveEnquiry(enquiry("Thandi"), t0, mailOnly);
    const stale = await store.claimDueDelivery("mail", t0, lease);
    const current = await store.claimDueDelivery("mail", at(lease), lease);
    if (!stale || !current) throw new Error("both claims should succeed");
    const mailJob = async () => (await store.listEnquiries())[0]?.delivery.channels[0];

    expect(await store.extendLease(stale, at(5 * lease))).toBe(false);
    await store.markAttemptFailed(stale, at(lease + 5), "late news");
    expect(await mailJob()).toMatchObject({
      attempts: 0,
      nextAttemptAt: at(2 * lease).toISOString(),
      lastError: null,
    });

    expect(await store.extendLease(current, at(3 * lease))).toBe(true);
    expect(await store.nextDueAt("mail")).toEqual(at(3 * lease));
    expect(await store.claimDueDelivery("mail", at(3 * lease - 1), lease)).toBeUndefined();
    await store.markAttemptFailed(current, at(lease + 5_000), "x".repeat(900));
    expect(await mailJob()).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: at(lease + 5_000).toISOString(),
    });
    expect((await mailJob())?.lastError).toHaveLength(500);
    expect((await store.claimDueDelivery("mail", at(lease + 5_000), lease))?.failedAttempts).toBe(
      1,
    );
  });

  it("migrates once when two instances open a new store at once, and never gives one job to both", async ({
    open,
    newDatabaseUrl,
  }) => {
    const url = await newDatabaseUrl();
    const [one, two] = await Promise.all([open(url), open(url)]);
    const ids = new Set<string>();
    for (let i = 0; i < 30; i++)
      ids.add((await one.saveEnquiry(enquiry(`Visitor${i}`), t0, mailOnly)).id);
    const claimAll = async (store: EnquiryStore) => {
      const claimed: string[] = [];
      for (let i = 0; i < 40; i++) {
        const claim = await store.claimDueDelivery("mail", at(1), lease);
        if (claim) claimed.push(claim.enquiry.id);
      }
      return claimed;
    };
    const [byOne, byTwo] = await Promise.all([claimAll(one), claimAll(two)]);
    const all = [...byOne, ...byTwo];
    expect(all).toHaveLength(30);
    expect(new Set(all)).toEqual(ids);
    // Opened again, it keeps its data.
    await one.close();
    expect(new Set((await (await open(url)).listEnquiries()).map((e) => e.id))).toEqual(ids);
  });

  it("imports another store's enquiries once, catching up on later deliveries", async ({
    open,
  }) => {
    const source = await open();
    const target = await open();
    const delivered = await source.saveEnquiry(enquiry("Delivered"), t0, mailOnly);
    const pending = await source.saveEnquiry(enquiry("Pending"), at(1), mailOnly);
    await source.claimDueDelivery("mail", t0, lease);
    await source.markDelivered(delivered.id, "mail", at(2));

    expect(await target.importEnquiries(await source.listEnquiries())).toEqual({
      added: 2,
      updated: 0,
    });
    expect(await target.listEnquiries()).toEqual(await source.listEnquiries());
    expect(await target.importEnquiries(await source.listEnquiries())).toEqual({
      added: 0,
      updated: 0,
    });

    await source.claimDueDelivery("mail", at(3), lease);
    await source.markDelivered(pending.id, "mail", at(4));
    expect(await target.importEnquiries(await source.listEnquiries())).toEqual({
      added: 0,
      updated: 1,
    });
    expect(await target.listEnquiries()).toEqual(await source.listEnquiries());
    expect(await target.claimDueDelivery("mail", at(10 * lease), lease)).toBeUndefined();
  });

  it("upgrades a store the previous release left: its jobs become mail jobs, kept as they were", async ({
    open,
    newDatabaseUrl,
  }) => {
    const url = await newDatabaseUrl();
    // The schema before channels and companyName, with one delivered and one failing job.
    const [id, time, due] = sqlite
      ? ["TEXT", "TEXT", "INTEGER"]
      : ["uuid", "timestamptz", "timestamptz"];
    const previous = `CREATE TABLE enquiries (id ${id} PRIMARY KEY, received_at ${time} NOT NULL,
        name text NOT NULL, phone text NOT NULL, email text NOT NULL, enquiry_type text NOT NULL,
        message text NOT NULL);
      CREATE TABLE deliveries (enquiry_id ${id} PRIMARY KEY REFERENCES enquiries (id),
        status text NOT NULL, attempts integer NOT NULL DEFAULT 0, next_attempt_at ${due},
        delivered_at ${time}, last_error text, lease_token text);
      CREATE INDEX deliveries_due ON deliveries (next_attempt_at);`;
    const ids = ["0f8c2a4e-1111-4222-8333-944455556666", "0f8c2a4e-1111-4222-8333-944455556667"];
    const rows = `INSERT INTO enquiries VALUES
        ('${ids[0]}', '2026-01-01T08:00:00.000Z', 'Thandi', '082', 'thandi@example.co.za', 'support', 'Hi'),
        ('${ids[1]}', '2026-01-02T08:00:00.000Z', 'Sipho', '083', 'sipho@example.co.za', 'other', 'Yo');
      INSERT INTO deliveries VALUES
        ('${ids[0]}', 'delivered', 1, NULL, '2026-01-01T08:00:01.000Z', NULL, NULL),
        ('${ids[1]}', 'pending', 3, ${sqlite ? t0.getTime() : `'${t0.toISOString()}'`}, NULL, '451 later', NULL);`;
    await runSql(
      url,
      sqlite
        ? `${previous} ${rows} PRAGMA user_version = 2;`
        : `${previous} CREATE TABLE schema_migrations (version integer PRIMARY KEY,
             applied_at timestamptz NOT NULL DEFAULT now());
           INSERT INTO schema_migrations (version) VALUES (1); ${rows}`,
    );

    const store = await open(url);
    const [first, second] = await store.listEnquiries();
    expect(first).toMatchObject({
      id: ids[0],
      companyName: null,
      delivery: { status: "delivered" },
    });
    expect(first?.delivery.channels).toEqual([
      {
        channel: "mail",
        status: "delivered",
        attempts: 1,
        nextAttemptAt: null,
        deliveredAt: "2026-01-01T08:00:01.000Z",
        lastError: null,
      },
    ]);
    expect(second?.delivery.channels).toMatchObject([
      { channel: "mail", status: "pending", attempts: 3, lastError: "451 later" },
    ]);
    expect((await store.claimDueDelivery("mail", t0, lease))?.enquiry.id).toBe(ids[1]);
    await store.saveEnquiry(enquiry("New"), at(1), everyChannel);
    expect((await store.deliveryBacklog()).webhook.pending).toBe(1);
    // Enquiries from before the reply clock get no reminder; a new one can.
    const awaiting = await store.replies.awaitingReply(at(2));
    expect(awaiting.map((e) => e.name)).toEqual([enquiry("New").name]);
  });

  it("upgrades in place a store today's release made: its steps recorded, none run again, its data kept", async ({
    open,
    newDatabaseUrl,
  }) => {
    // Today's release: SQLite's 7 steps counted in user_version, PostgreSQL's 6 in
    // schema_migrations, and a delivered enquiry.
    const engine = sqlite ? "sqlite" : "postgres";
    const folder = new URL(`./migrations/${engine}/`, import.meta.url);
    const shipped = readdirSync(folder)
      .sort()
      .slice(0, sqlite ? 7 : 6);
    const url = await newDatabaseUrl();
    const id = "0f8c2a4e-1111-4222-8333-944455556666";
    await runSql(
      url,
      `${shipped.map((file) => readFileSync(new URL(file, folder), "utf8")).join(";\n")};
      ${sqlite ? "PRAGMA user_version = 7" : `CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now()); INSERT INTO schema_migrations (version) SELECT generate_series(1, 6)`};
      INSERT INTO enquiries (id, received_at, name, phone, email, enquiry_type, message)
        VALUES ('${id}', '2026-01-01T08:00:00.000Z', 'Thandi', '082', 'thandi@example.co.za', 'support', 'Hi');`,
    );

    const store = await open(url);
    expect((await store.listEnquiries()).map((e) => e.id)).toEqual([id]);
    const steps = await rowsOf(url, "SELECT name || '.sql' AS file FROM kysely_migration");
    expect(steps.map((row) => row.file).sort()).toEqual(readdirSync(folder).sort());
    // The old count stays, so today's release still runs on the store.
    const oldCount = sqlite
      ? "SELECT user_version AS count FROM pragma_user_version"
      : "SELECT max(version) AS count FROM schema_migrations";
    expect(await rowsOf(url, oldCount)).toEqual([{ count: sqlite ? 7 : 6 }]);
    if (!sqlite) return;
    // SQLite's copy for search holds what was stored before it; the release before's own
    // writes keep it, through its triggers.
    expect(await copied(url)).toEqual(["thandi@example.co.za"]);
    await runSql(
      url,
      `INSERT INTO enquiries (id, received_at, name, phone, email, enquiry_type, message)
        VALUES ('${crypto.randomUUID()}', '2026-01-02T08:00:00.000Z', 'Sipho', '083', 'sipho@example.co.za', 'support', 'Hi');
      DELETE FROM enquiries WHERE id = '${id}'`,
    );
    expect(await copied(url)).toEqual(["sipho@example.co.za"]);
  });

  it("folds each day's values beyond the first labelsPerDay of a store counted before the bound into (other), keeping the sums", async ({
    open,
    newDatabaseUrl,
  }) => {
    // A store at the step before the fold (adopted at that count), with 500 sources on one day
    // weighing 1 to 500, an "(other)" of 7 already, and another day's one source.
    const engine = sqlite ? "sqlite" : "postgres";
    const folder = new URL(`./migrations/${engine}/`, import.meta.url);
    const files = readdirSync(folder).sort();
    const number = (file = "") => Number(file.slice(0, 3));
    const fold = number(files.find((file) => file.includes("folded-labels")));
    const before = files.filter((file) => number(file) < fold);
    const row = (day: string, value: string, n: number) =>
      `('${day}', 'source', '${value}', ${n}, 0, 0, 0, 0, 0)`;
    const rows = Array.from({ length: 500 }, (_, i) => row("2026-03-02", `s${i + 1}`, i + 1));
    rows.push(row("2026-03-02", "(other)", 7), row("2026-03-01", "s1", 1));
    const url = await newDatabaseUrl();
    await runSql(
      url,
      `${before.map((file) => readFileSync(new URL(file, folder), "utf8")).join(";\n")};
      ${sqlite ? `PRAGMA user_version = ${fold - 1}` : `CREATE TABLE schema_migrations (version integer PRIMARY KEY); INSERT INTO schema_migrations VALUES (${fold - 1})`};
      INSERT INTO insights_daily (day, dimension, value, pageviews, visitors, visits, enquiries, downloads, converted)
        VALUES ${rows.join(", ")}`,
    );

    await (await open(url)).close();
    const kept = await rowsOf(
      url,
      "SELECT day, count(*) AS n, sum(pageviews) AS pageviews, min(pageviews) AS least FROM insights_daily WHERE value <> '(other)' GROUP BY day ORDER BY day",
    );
    expect(kept.map((r) => Object.values(r).map(String))).toEqual([
      ["2026-03-01", "1", "1", "1"],
      // The heaviest 200 (301 to 500) stay; the rest and the (other) before add up to 45,157.
      ["2026-03-02", String(labelsPerDay), String((301 + 500) * 100), "301"],
    ]);
    const other = await rowsOf(url, "SELECT pageviews FROM insights_daily WHERE value = '(other)'");
    expect(other.map((r) => Number(r.pageviews))).toEqual([7 + (300 * 301) / 2]);
  });

  it.for([
    ["runs on a store a newer release migrated with a step this server does not know", "999-newer"],
    ["refuses a store whose newer step needs a server that knows it", "999-newer.needs-999"],
  ])("%s", async ([, step], { open, newDatabaseUrl }) => {
    const url = await newDatabaseUrl();
    await (await open(url)).close();
    await runSql(
      url,
      `INSERT INTO kysely_migration (name, timestamp) VALUES ('${step}', '${new Date().toISOString()}')`,
    );
    const opening = open(url).then((store) => store.listEnquiries());
    if (step?.includes("needs"))
      await expect(opening).rejects.toThrow(/needs a server that knows schema step 999/);
    else expect(await opening).toEqual([]);
  });

  it("finds and erases every enquiry from an address whatever its case, with its delivery jobs, and nothing else", async ({
    open,
    newDatabaseUrl,
  }) => {
    const url = await newDatabaseUrl();
    const store = await open(url);
    const first = await store.saveEnquiry(from("Thandi@Example.co.za"), onDay(0), mailOnly);
    await store.markDelivered(first.id, "mail", onDay(0));
    await store.saveEnquiry(from("thandi@example.co.za"), onDay(1), everyChannel);
    await store.saveEnquiry(from("sipho@example.co.za", "Sipho"), onDay(2), mailOnly);

    const found = await store.findByEmail("THANDI@example.CO.ZA");
    expect(found.map((e) => e.email)).toEqual(["Thandi@Example.co.za", "thandi@example.co.za"]);
    expect(found[1]).toMatchObject({
      name: "Thandi Nkosi",
      phone: "0821234567",
      message: sampleEnquiry().message,
      delivery: {
        status: "pending",
        channels: [
          { channel: "mail", attempts: 0 },
          { channel: "webhook" },
          { channel: "acknowledgement" },
        ],
      },
    });
    expect(await store.findByEmail("nobody@example.co.za")).toEqual([]);

    expect(await store.eraseByEmail("Thandi@Example.co.za")).toBe(2);
    expect((await store.listEnquiries()).map((e) => e.email)).toEqual(["sipho@example.co.za"]);
    // The erased enquiries' pending jobs are gone too, on every channel: nothing is left to
    // deliver but Sipho's mail.
    const backlog = await store.deliveryBacklog();
    expect(backlog.mail).toEqual({ pending: 1, oldestPendingSince: onDay(2) });
    expect([backlog.webhook.pending, backlog.acknowledgement.pending]).toEqual([0, 0]);
    expect(await store.eraseByEmail("thandi@example.co.za")).toBe(0);
    // Nor are their words left in SQLite's copy for search (POPIA).
    if (sqlite) expect(await copied(url)).toEqual(["sipho@example.co.za"]);
  });

  it("reports the backlog by its oldest receipt, and purges delivered enquiries received before the cutoff, keeping undelivered ones", async ({
    open,
  }) => {
    const store = await open();
    const mailBacklog = async () => (await store.deliveryBacklog()).mail;
    expect(await mailBacklog()).toEqual({ pending: 0, oldestPendingSince: undefined });
    const oldDelivered = await store.saveEnquiry(from("a@example.co.za"), onDay(0), mailOnly);
    const recentDelivered = await store.saveEnquiry(from("c@example.co.za"), onDay(30), mailOnly);
    await store.saveEnquiry(from("b@example.co.za"), onDay(1), mailOnly); // old, never delivered
    expect(await mailBacklog()).toEqual({ pending: 3, oldestPendingSince: onDay(0) });
    await store.markDelivered(oldDelivered.id, "mail", onDay(0));
    // By receipt, not by when it was stored.
    expect(await mailBacklog()).toEqual({ pending: 2, oldestPendingSince: onDay(1) });
    await store.markDelivered(recentDelivered.id, "mail", onDay(30));

    const cutoff = onDay(10);
    expect(await store.purgeDelivered(cutoff, { dryRun: true })).toEqual({
      deleted: 1,
      keptUndelivered: 1,
    });
    expect(await store.listEnquiries()).toHaveLength(3);
    expect(await store.purgeDelivered(cutoff)).toEqual({ deleted: 1, keptUndelivered: 1 });
    expect((await store.listEnquiries()).map((e) => e.email).sort()).toEqual([
      "b@example.co.za",
      "c@example.co.za",
    ]);
    expect(await store.purgeDelivered(cutoff)).toEqual({ deleted: 0, keptUndelivered: 1 });
  });

  it("keeps held and spam enquiries out of delivery and the delivered purge, releases a held one once, and purges the rest after their own cutoff", async ({
    open,
    newDatabaseUrl,
  }) => {
    const url = await newDatabaseUrl();
    const store = await open(url);
    const hold = { reason: "low_score 0.1" };
    const held = await store.saveEnquiry(from("held@example.co.za"), onDay(0), mailOnly, hold);
    const spam = await store.saveEnquiry(from("spam@example.co.za"), onDay(0), mailOnly, hold);
    const released = await store.saveEnquiry(from("ok@example.co.za"), onDay(0), mailOnly, hold);
    expect(held).toMatchObject({ status: "held", heldReason: "low_score 0.1" });
    expect(await store.claimDueDelivery("mail", onDay(1), lease)).toBeUndefined();
    expect(await store.markSpam(spam.id)).toBe("done");
    expect(await store.releaseHeld(spam.id, onDay(1), mailOnly)).toBe("not_held");
    expect(await store.releaseHeld(released.id, onDay(1), mailOnly)).toBe("done");
    expect(await store.releaseHeld(released.id, onDay(1), mailOnly)).toBe("not_held");
    expect(await store.markSpam("not-an-id")).toBe("not_found");
    expect(await store.markSpam(crypto.randomUUID())).toBe("not_found");
    // Released: one job, due at its release; the reason stays to be read.
    const claim = await store.claimDueDelivery("mail", onDay(1), lease);
    expect(claim?.enquiry).toMatchObject({
      id: released.id,
      status: "accepted",
      heldReason: "low_score 0.1",
    });
    expect(await store.claimDueDelivery("mail", onDay(1), lease)).toBeUndefined();
    await store.markDelivered(released.id, "mail", onDay(1));
    expect((await store.listHeld()).map((e) => e.id)).toEqual([held.id]);

    // A purge at once (ENQUIRY_RETENTION_DAYS=0) takes the delivered one, never a held one.
    expect(await store.purgeDelivered(onDay(2))).toEqual({ deleted: 1, keptUndelivered: 0 });
    expect(await store.purgeHeld(onDay(0))).toBe(0);
    expect(await store.purgeHeld(onDay(2), { dryRun: true })).toBe(2);
    expect(await store.purgeHeld(onDay(2))).toBe(2);
    expect(await store.listEnquiries()).toEqual([]);
    if (sqlite) expect(await copied(url)).toEqual([]);
  });

  it("claims, fails and delivers each channel's job on its own", async ({ open }) => {
    const store = await open();
    const saved = await store.saveEnquiry(enquiry("Thandi"), t0, everyChannel);
    const webhook = await store.claimDueDelivery("webhook", t0, lease);
    const mail = await store.claimDueDelivery("mail", t0, lease);
    expect([webhook?.channel, mail?.channel]).toEqual(["webhook", "mail"]);
    if (!webhook || !mail) throw new Error("both channels should have a due job");
    // The webhook fails and waits; the mail goes through; neither touches the other's job.
    await store.markAttemptFailed(webhook, at(5_000), "the webhook receiver answered 503");
    await store.markDelivered(saved.id, "mail", at(10));
    expect(await store.nextDueAt("mail")).toBeUndefined();
    expect(await store.nextDueAt("webhook")).toEqual(at(5_000));
    expect(await store.claimDueDelivery("mail", at(10 * lease), lease)).toBeUndefined();
    const [record] = await store.listEnquiries();
    expect(record?.delivery.status).toBe("pending");
    expect(
      record?.delivery.channels.map(({ channel, status, attempts }) => [channel, status, attempts]),
    ).toEqual([
      ["mail", "delivered", 1],
      ["webhook", "pending", 1],
      ["acknowledgement", "pending", 0],
    ]);
    const backlog = await store.deliveryBacklog();
    expect([
      backlog.mail.pending,
      backlog.webhook.pending,
      backlog.acknowledgement.pending,
    ]).toEqual([0, 1, 1]);
    // Retention waits for every channel: still pending here, so kept.
    expect(await store.purgeDelivered(onDay(400))).toEqual({ deleted: 0, keptUndelivered: 1 });

    const retried = await store.claimDueDelivery("webhook", at(5_000), lease);
    expect(retried?.failedAttempts).toBe(1);
    await store.markDelivered(saved.id, "webhook", at(5_001));
    await store.markDelivered(saved.id, "acknowledgement", at(5_002));
    expect((await store.listEnquiries())[0]?.delivery.status).toBe("delivered");
    expect(await store.purgeDelivered(onDay(400))).toEqual({ deleted: 1, keptUndelivered: 0 });
  });

  it("acknowledges an address at most once a day, whatever its case", async ({ open }) => {
    const store = await open();
    const acknowledged = async (email: string, when: Date) => {
      const saved = await store.saveEnquiry(from(email), when, everyChannel);
      const [record] = await store
        .findByEmail(email)
        .then((all) => all.filter((e) => e.id === saved.id));
      return record?.delivery.channels.some((job) => job.channel === "acknowledgement");
    };
    expect(await acknowledged("thandi@example.co.za", onDay(0))).toBe(true);
    expect(await acknowledged("THANDI@Example.co.za", at(3_600_000))).toBe(false);
    expect(await acknowledged("sipho@example.co.za", at(3_600_000))).toBe(true);
    expect(await acknowledged("thandi@example.co.za", at(86_400_000 - 1))).toBe(false);
    expect(await acknowledged("Thandi@example.co.za", onDay(1))).toBe(true);
    // Without acknowledgements configured, none is planned and none recorded.
    const quiet = await store.saveEnquiry(from("lindi@example.co.za"), onDay(5), mailOnly);
    expect((await store.findByEmail(quiet.email))[0]?.delivery.channels).toHaveLength(1);
    expect(await acknowledged("lindi@example.co.za", onDay(5))).toBe(true);

    // An erased address is forgotten, so its next enquiry is acknowledged again; retention
    // forgets acknowledgements older than a day.
    await store.eraseByEmail("SIPHO@example.co.za");
    expect(await acknowledged("sipho@example.co.za", at(3_600_001))).toBe(true);
    await store.purgeDelivered(onDay(0), { now: onDay(7) });
    expect(await acknowledged("lindi@example.co.za", onDay(5))).toBe(true);
  });

  it("gives one acknowledgement when two instances store enquiries from one address at once", async ({
    open,
    newDatabaseUrl,
  }) => {
    const url = await newDatabaseUrl();
    const [one, two] = [await open(url), await open(url)];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? one : two).saveEnquiry(
          from(i % 3 ? "thandi@example.co.za" : "Thandi@Example.CO.ZA"),
          at(i),
          everyChannel,
        ),
      ),
    );
    const enquiries = await one.listEnquiries();
    expect(enquiries).toHaveLength(10);
    const acknowledgements = enquiries.flatMap((e) =>
      e.delivery.channels.filter((job) => job.channel === "acknowledgement"),
    );
    expect(acknowledgements).toHaveLength(1);
  });
});
