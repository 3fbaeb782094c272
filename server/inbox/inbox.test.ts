import type { FastifyInstance } from "fastify";
import { JSDOM } from "jsdom";
import { describe, expect } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { test } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { createTestDatabase } from "../../tests/support/test-database";
import { newToken, tokenHash } from "../staff/staff-sessions";
import type { EnquiryStore } from "../store/enquiry-store";

// The inbox through the real app (app.inject) on each store: staff signed in with a session in
// the store, as a mailed code would leave it.

const ourPage = { "sec-fetch-site": "same-origin" };
/** A Johannesburg wall-clock time, "2026-11-27 16:30". */
const sast = (local: string) => new Date(`${local.replace(" ", "T")}:00+02:00`);
const thandi = { email: "thandi@amanzi.example", name: "Thandi Nkosi", owner: true };
const sipho = { email: "sipho@amanzi.example", name: "Sipho Dlamini", owner: false };

/** A session cookie for the person with this address. */
async function signIn(store: EnquiryStore, email: string) {
  const person = await store.staff.staffByEmail(email);
  const token = newToken();
  await store.staff.startSession(
    { tokenHash: tokenHash(token), staffId: person?.id ?? "" },
    new Date(Date.now() + 3_600_000),
  );
  return `staff-session=${token}`;
}

const request =
  (app: FastifyInstance, cookie: string) =>
  (method: "GET" | "POST", url: string, form?: Record<string, string>) =>
    app.inject({
      method,
      url,
      headers: {
        ...ourPage,
        cookie,
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      payload: form && new URLSearchParams(form).toString(),
    });

/** The names a list page shows, in its order. */
const names = (html: string) =>
  [...html.matchAll(/<th scope="row"><a href="\/admin\/enquiries\/[^"]+">([^<]+)</g)].map(
    ([, name]) => name,
  );

describe.each(storeKinds)("the inbox on the $name store", (kind) => {
  const it = test.extend("inbox", async ({ tempDir, buildService }) => {
    const service = await buildService({ DATABASE_URL: await kind.newDatabaseUrl(tempDir) });
    const { store } = service;
    for (const person of [thandi, sipho]) await store.staff.addStaff(person, new Date());
    const as = async (email: string) => request(service.app, await signIn(store, email));
    return { store, as };
  });

  it("lists, searches, filters and works an enquiry, each step in its timeline", async ({
    inbox: { store, as },
  }) => {
    const t = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const lindiwe = sampleEnquiry({
      name: "Lindiwe",
      email: "lindiwe@estate.example",
      companyName: "Estate 50%",
      message: "Prepaid meters for 40 units",
    });
    const first = await store.saveEnquiry(lindiwe, t(90), mailOnly);
    await store.saveEnquiry(
      sampleEnquiry({ name: "Pieter", enquiryType: "support" }),
      t(5),
      mailOnly,
    );
    await store.saveEnquiry(sampleEnquiry({ name: "Bot" }), t(1), mailOnly, {
      reason: "low_score 0.1",
    });
    const get = await as(thandi.email);
    const list = async (query: string) =>
      names((await get("GET", `/admin/enquiries?${query}`)).body);

    const page = await get("GET", "/admin/enquiries");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Estate 50%");
    expect(names(page.body)).toEqual(["Pieter", "Lindiwe"]);
    const table: [string, string[]][] = [
      ["view=held", ["Bot"]],
      ["view=all", ["Bot", "Pieter", "Lindiwe"]],
      ["view=all&q=LINDIWE%40estate", ["Lindiwe"]],
      ["view=all&q=40+units", ["Lindiwe"]],
      ["view=all&q=50%25", ["Lindiwe"]],
      ["view=all&q=_", []],
      // As the columns find them, whatever each store's index finds first: words across two
      // columns, quotes and operators taken literally, a term shorter than a trigram.
      ["view=all&q=METERS", ["Bot", "Pieter", "Lindiwe"]],
      ["view=all&q=Lindiwe+lindiwe", []],
      ["view=all&q=%2240+units%22", []],
      ["view=all&q=meters+OR+units", []],
      ["view=all&q=40", ["Lindiwe"]],
      ["view=all&q=0821234567", ["Bot", "Pieter", "Lindiwe"]],
      ["view=all&type=support", ["Pieter"]],
      ["view=all&status=held", ["Bot"]],
      ["view=mine", []],
    ];
    for (const [query, expected] of table) expect(await list(query), query).toEqual(expected);
    expect((await get("GET", "/admin/enquiries?status=open")).json()).toMatchObject({
      error: "bad_query",
    });

    const path = `/admin/enquiries/${first.id}`;
    const [person] = (await store.staff.listStaff()).filter((p) => p.email === sipho.email);
    for (const [action, form] of [
      ["status", { stage: "contacted" }],
      ["owner", { owner: person?.id ?? "" }],
      ["notes", { note: "Called back; wants a quote" }],
    ] as const) {
      const answer = await get("POST", `${path}/${action}`, form);
      expect(answer.statusCode, action).toBe(303);
      expect(answer.headers.location).toBe(`${path}#timeline`);
    }
    expect(await list("view=new")).toEqual(["Pieter"]);
    expect(await list("view=all&status=contacted")).toEqual(["Lindiwe"]);
    expect(
      await (await as(sipho.email))("GET", "/admin/enquiries?view=mine").then((r) => names(r.body)),
    ).toEqual(["Lindiwe"]);
    const csv = await get("GET", `${path}/export.csv`);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.body).toContain("lindiwe@estate.example");

    const shown = (await get("GET", path)).body;
    for (const field of ["lindiwe@estate.example", "0821234567", "Prepaid meters for 40 units"])
      expect(shown).toContain(field);
    const timeline = shown.slice(shown.indexOf('id="timeline"')).replace(/<[^>]+>/g, "");
    const said = [
      "Mail waiting to be sent",
      "Thandi Nkosi · Viewed",
      "Thandi Nkosi · Exported as CSV",
      "Thandi Nkosi · Note: Called back; wants a quote",
      "Thandi Nkosi · Owner set to Sipho Dlamini",
      "Thandi Nkosi · Status set to Contacted",
      "Received",
    ];
    for (const words of said) expect(timeline).toContain(words);
    expect(
      said.map((words) => timeline.indexOf(words)),
      "in order",
    ).toEqual(said.map((words) => timeline.indexOf(words)).sort((a, b) => a - b));

    const bad: [string, Record<string, string>, number][] = [
      ["status", { stage: "held" }, 400],
      ["owner", { owner: "somebody" }, 400],
      ["notes", { note: "  " }, 400],
      ["release", {}, 409],
    ];
    for (const [action, form, status] of bad)
      expect((await get("POST", `${path}/${action}`, form)).statusCode, action).toBe(status);
    const unknown = "/admin/enquiries/00000000-0000-4000-8000-000000000000";
    expect((await get("GET", unknown)).statusCode).toBe(404);
    expect((await get("POST", `${unknown}/notes`, { note: "hi" })).statusCode).toBe(404);
    expect((await get("GET", "/admin/enquiries/not-an-id")).statusCode).toBe(404);
  });

  it("pages through 120 enquiries by Older and back by Newer, keeping view and filters", async ({
    inbox: { store, as },
  }) => {
    // Two to a minute, so a page's edge falls between enquiries received at the same time.
    const t0 = Date.now() - 86_400_000;
    for (let i = 0; i < 120; i++)
      await store.saveEnquiry(
        sampleEnquiry({ name: `Client ${i}` }),
        new Date(t0 + Math.floor(i / 2) * 60_000),
        mailOnly,
      );
    await store.saveEnquiry(
      sampleEnquiry({ name: "Other", enquiryType: "support" }),
      new Date(),
      mailOnly,
    );
    const get = await as(thandi.email);
    const walk = async (url: string, link: "Older" | "Newer") => {
      const pages: ReturnType<typeof names>[] = [];
      for (let next: string | undefined = url; next; ) {
        const html: string = (await get("GET", next)).body;
        pages.push(names(html));
        const found = html.match(new RegExp(`<a href="([^"]+)">${link}</a>`));
        next = found?.[1]?.replaceAll("&amp;", "&");
        if (next) expect(next).toMatch(/^\/admin\/enquiries\?view=all&q=Client&type=consultation&/);
      }
      return pages;
    };
    const older = await walk("/admin/enquiries?view=all&q=Client&type=consultation", "Older");
    expect(older.map((page) => page.length)).toEqual([50, 50, 20]);
    const all = older.flat();
    expect(new Set(all).size).toBe(120);
    // The newest two arrived in the same minute: either may be first, by id.
    expect(all.slice(0, 2).sort()).toEqual(["Client 118", "Client 119"]);
    const last = (await get("GET", "/admin/enquiries?view=all&q=Client&type=consultation")).body;
    expect(last).toContain("The newest 50 enquiries");
    const back = await walk(
      `/admin/enquiries?view=all&q=Client&type=consultation&newer=${new Date(t0).toISOString()}_00000000-0000-4000-8000-000000000000`,
      "Newer",
    );
    expect(back.reverse().flat()).toEqual(all);
    expect((await get("GET", "/admin/enquiries?older=yesterday")).statusCode).toBe(400);
  });

  test("shows each enquiry's reply clock in business hours, overdue ones in words and an icon", async ({
    tempDir,
    buildService,
  }) => {
    // Monday 30 November 2026, 11:00 in Johannesburg; the target is the default 60 minutes.
    const now = sast("2026-11-30 11:00");
    const DATABASE_URL = await kind.newDatabaseUrl(tempDir);
    const { app, store } = await buildService({ DATABASE_URL }, { now: () => now });
    await store.staff.addStaff(thandi, now);
    const cases: [string, string, string | null, string, boolean][] = [
      ["Fresh", "2026-11-30 10:30", null, "30 min in business hours", false],
      ["Just in time", "2026-11-30 10:01", null, "59 min in business hours", false],
      ["At its target", "2026-11-30 10:00", null, "Overdue: 1 h in business hours", true],
      ["Overnight", "2026-11-29 20:00", null, "Overdue: 3 h in business hours", true],
      ["Weekend", "2026-11-27 16:30", null, "Overdue: 3 h 30 min in business hours", true],
      [
        "Answered",
        "2026-11-27 16:30",
        "2026-11-30 08:15",
        "First reply after 45 min in business hours",
        false,
      ],
      ["Held", "2026-11-30 09:00", null, "Overdue: 2 h in business hours", true],
    ];
    for (const [name, received, replied] of cases) {
      const held = name === "Held" ? { reason: "low_score 0.2" } : undefined;
      const { id } = await store.saveEnquiry(
        sampleEnquiry({ name }),
        sast(received),
        mailOnly,
        held,
      );
      if (replied) await store.replies.stopClock(id, sast(replied));
    }
    const get = request(app, await signIn(store, thandi.email));
    const { document } = new JSDOM((await get("GET", "/admin/enquiries?view=all")).body).window;
    const shown = new Map(
      [...document.querySelectorAll("tbody tr")].map((row) => [
        row.querySelector("th")?.textContent,
        row.querySelectorAll("td")[1],
      ]),
    );
    for (const [name, , , said, overdue] of cases) {
      const cell = shown.get(name);
      expect(cell?.textContent, name).toBe(said);
      expect(cell?.querySelector("strong")?.textContent, name).toBe(
        overdue ? "Overdue" : undefined,
      );
      const icon = cell?.querySelector("svg[role=img]")?.getAttribute("aria-label");
      expect(icon, name).toBe(overdue ? "Warning" : undefined);
    }
  });

  it("releases a held enquiry once, into delivery, and keeps spam out of sight", async ({
    inbox: { store, as },
  }) => {
    const held = { reason: "low_score 0.3" };
    const one = await store.saveEnquiry(
      sampleEnquiry({ name: "Held one" }),
      new Date(),
      mailOnly,
      held,
    );
    const two = await store.saveEnquiry(
      sampleEnquiry({ name: "Held two" }),
      new Date(),
      mailOnly,
      held,
    );
    const get = await as(sipho.email);
    const page = (await get("GET", `/admin/enquiries/${one.id}`)).body;
    expect(page).toContain(">Release</button>");
    expect(page).toContain(">Spam</button>");
    expect(page).toContain("held by the bot check (low_score 0.3)");
    expect((await get("POST", `/admin/enquiries/${one.id}/release`)).statusCode).toBe(303);
    expect((await get("POST", `/admin/enquiries/${one.id}/release`)).statusCode).toBe(409);
    expect((await get("POST", `/admin/enquiries/${two.id}/spam`)).statusCode).toBe(303);
    const [released] = (await store.listEnquiries()).filter((e) => e.id === one.id);
    expect(released?.delivery.channels.map((job) => job.channel)).toEqual(["mail"]);
    expect(names((await get("GET", "/admin/enquiries?view=all")).body)).toEqual(["Held one"]);
    expect(names((await get("GET", "/admin/enquiries?view=all&status=spam")).body)).toEqual([
      "Held two",
    ]);
    const shown = (await get("GET", `/admin/enquiries/${one.id}`)).body;
    expect(shown).toContain("Sipho Dlamini · Released");
    expect(shown).not.toContain(">Release</button>");
  });

  it("lets owners only list, invite and remove staff, as npm run staff does", async ({
    inbox: { store, as },
  }) => {
    const owner = await as(thandi.email);
    const staff = await as(sipho.email);
    expect((await staff("GET", "/admin/staff")).statusCode).toBe(403);
    expect(
      (await staff("POST", "/admin/staff", { name: "X", email: "x@amanzi.example" })).statusCode,
    ).toBe(403);
    expect((await owner("GET", "/admin/staff")).body).toContain("sipho@amanzi.example");
    const invited = await owner("POST", "/admin/staff", {
      name: "Naledi",
      email: "Naledi@Amanzi.example",
    });
    expect(invited.statusCode).toBe(303);
    expect(
      (await owner("POST", "/admin/staff", { name: "Naledi", email: "naledi@amanzi.example" }))
        .statusCode,
    ).toBe(400);
    expect(await store.staff.staffByEmail("naledi@amanzi.example")).toMatchObject({
      name: "Naledi",
      owner: false,
    });
    // A removed person's enquiries lose their owner; their timeline rows stay, unnamed.
    const { id } = await store.saveEnquiry(sampleEnquiry(), new Date(), mailOnly);
    const leaving = await store.staff.staffByEmail(sipho.email);
    await store.inbox.setOwner(id, leaving ?? null, leaving?.id ?? null, new Date());
    expect((await owner("POST", "/admin/staff/remove", { email: sipho.email })).statusCode).toBe(
      303,
    );
    const after = await store.inbox.read(id);
    expect(after?.enquiry.ownerId).toBe(null);
    expect(after?.events.map((e) => [e.kind, e.staffName])).toEqual([["owner", null]]);
    expect((await staff("GET", "/admin/enquiries")).statusCode).toBe(401);
    expect((await owner("POST", "/admin/staff/remove", { email: thandi.email })).statusCode).toBe(
      400,
    );
    expect((await store.staff.listStaff()).map((p) => p.email)).toEqual([
      thandi.email,
      "naledi@amanzi.example",
    ]);
  });

  it("erases and purges an enquiry's notes and timeline with it", async ({ inbox: { store } }) => {
    const old = new Date(Date.now() - 90 * 86_400_000);
    const staffId = (await store.staff.staffByEmail(thandi.email))?.id ?? null;
    const erased = await store.saveEnquiry(
      sampleEnquiry({ email: "erase@example.co.za" }),
      new Date(),
      mailOnly,
    );
    const delivered = await store.saveEnquiry(sampleEnquiry(), old, mailOnly);
    await store.markDelivered(delivered.id, "mail", old);
    const held = await store.saveEnquiry(sampleEnquiry(), old, mailOnly, {
      reason: "low_score 0.1",
    });
    for (const { id } of [erased, delivered, held]) {
      await store.inbox.addNote(id, "a note", staffId, new Date());
      await store.inbox.record(id, staffId, "viewed", new Date());
    }
    expect(await store.inbox.eventsStored()).toBe(6);
    expect(await store.eraseByEmail("ERASE@example.co.za")).toBe(1);
    await store.purgeDelivered(new Date(Date.now() - 86_400_000));
    await store.purgeHeld(new Date(Date.now() - 86_400_000));
    expect(await store.listEnquiries()).toEqual([]);
    for (const { id } of [erased, delivered, held])
      expect(await store.inbox.record(id, staffId, "viewed", new Date())).toBe(false);
    expect(await store.inbox.eventsStored()).toBe(0);
  });

  it("gives an enquiry the entry page and source of the visit the insights counted it for", async ({
    inbox: { store },
  }) => {
    const stored = await store.saveEnquiry(sampleEnquiry(), new Date(), mailOnly);
    const visit = {
      entry: "/hardware",
      source: "google.com",
      medium: "",
      campaign: "",
      device: "phone" as const,
    };
    await store.insights.record([
      {
        day: new Date().toISOString().slice(0, 10),
        counts: [],
        visitors: [{ hash: "v", visit }],
        visitorPages: [],
        enquiries: [{ hash: "v", enquiryId: stored.id }],
      },
    ]);
    expect((await store.inbox.read(stored.id))?.enquiry).toMatchObject({
      entryPage: "/hardware",
      source: "google.com",
    });
  });
});

test("a status set on one instance shows on the other", async ({ buildService }) => {
  const databaseUrl = await createTestDatabase();
  const [a, b] = [
    await buildService({ DATABASE_URL: databaseUrl }),
    await buildService({ DATABASE_URL: databaseUrl }),
  ];
  await a.store.staff.addStaff(thandi, new Date());
  const stored = await a.store.saveEnquiry(sampleEnquiry(), new Date(), mailOnly);
  const cookie = await signIn(a.store, thandi.email);
  const path = `/admin/enquiries/${stored.id}`;
  expect(
    (await request(a.app, cookie)("POST", `${path}/status`, { stage: "won" })).statusCode,
  ).toBe(303);
  const onB = await request(b.app, cookie)("GET", "/admin/enquiries?view=all&status=won");
  expect(names(onB.body)).toEqual([stored.name]);
});

test("refuses every inbox form a page of another site posts", async ({ buildService }) => {
  const { app, store } = await buildService();
  await store.staff.addStaff(thandi, new Date());
  const { id } = await store.saveEnquiry(sampleEnquiry(), new Date(), mailOnly, { reason: "x" });
  const cookie = await signIn(store, thandi.email);
  const forms: [string, Record<string, string>][] = [
    [`/admin/enquiries/${id}/status`, { stage: "won" }],
    [`/admin/enquiries/${id}/owner`, { owner: "" }],
    [`/admin/enquiries/${id}/notes`, { note: "forged" }],
    [`/admin/enquiries/${id}/release`, {}],
    [`/admin/enquiries/${id}/spam`, {}],
    [`/admin/enquiries/${id}/reply`, { reply: "forged" }],
    ["/admin/staff", { name: "Eve", email: "eve@evil.example" }],
    ["/admin/staff/routing", { support: "" }],
    ["/admin/staff/remove", { email: thandi.email }],
  ];
  const elsewhere = [
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site" },
    { origin: "https://evil.example" },
  ];
  for (const [url, form] of forms)
    for (const headers of elsewhere) {
      const response = await app.inject({
        method: "POST",
        url,
        headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(form).toString(),
      });
      expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
    }
  expect(await store.inbox.eventsStored()).toBe(0);
  expect((await store.listHeld()).map((e) => e.id)).toEqual([id]);
});

test("keeps every inbox URL closed without a session, whatever a proxy's headers say", async ({
  buildService,
}) => {
  const { app, store } = await buildService();
  const { id } = await store.saveEnquiry(sampleEnquiry(), new Date(), mailOnly, { reason: "x" });
  const proxy = {
    "x-forwarded-for": "127.0.0.1",
    "x-real-ip": "127.0.0.1",
    "x-forwarded-proto": "https",
    "x-forwarded-host": "localhost",
    "x-forwarded-user": "owner",
    "x-remote-user": "owner",
    authorization: "Basic b3duZXI6b3duZXI=",
  };
  const urls: ["GET" | "POST", string][] = [
    ["GET", "/admin/enquiries"],
    ["GET", "/admin/enquiries?view=all"],
    ["GET", `/admin/enquiries/${id}`],
    ["GET", `/admin/enquiries/${id}/export.csv`],
    ["POST", `/admin/enquiries/${id}/status`],
    ["POST", `/admin/enquiries/${id}/release`],
    ["POST", `/admin/enquiries/${id}/reply`],
    ["GET", "/admin/staff"],
    ["POST", "/admin/staff"],
    ["POST", "/admin/staff/routing"],
  ];
  for (const [method, url] of urls) {
    const response = await app.inject({
      method,
      url,
      remoteAddress: "127.0.0.1",
      headers: { ...ourPage, ...proxy, cookie: "staff-session=forged" },
      ...(method === "POST" ? { payload: { stage: "won" } } : {}),
    });
    expect(response.statusCode, `${method} ${url}`).toBe(401);
    expect(response.body).not.toContain("Thandi");
  }
  expect(await store.inbox.eventsStored()).toBe(0);
  expect((await store.listHeld()).map((e) => e.id)).toEqual([id]);
});
