import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { describe, expect } from "vitest";
import { writeFixtureSite } from "../../tests/support/fixture-site";
import { startPlainHost } from "../../tests/support/plain-host";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { close, dayBatch, part, test } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { type BuiltService, buildTestService } from "../../tests/support/test-service";
import { addDays, dayOf } from "../days";
import { CountTable, type DayBatch } from "../store/insights-store";
import type { EnquiryStage, Visit } from "../store/schema";
import { nothingCounted } from "./insights-dashboard";

/** Today's counts: visitor a from google.com, visitor b from the newsletter. */
const today = (overrides: Partial<DayBatch> = {}) => dayBatch(dayOf(new Date()), overrides);

/** The rows of the table a caption names, as text, header row first. */
function tableRows(html: string, caption: RegExp): string[][] {
  const { document } = new JSDOM(html).window;
  const table = [...document.querySelectorAll("table")].find((t) =>
    caption.test(t.caption?.textContent ?? ""),
  );
  if (!table) throw new Error(`no table captioned ${caption}`);
  return [...table.rows].map((row) => [...row.cells].map((cell) => cell.textContent ?? ""));
}

/** The key figures, by their labels: the figure, then its change against the period before. */
const figuresOf = (html: string) =>
  Object.fromEntries(
    [...new JSDOM(html).window.document.querySelectorAll(".figures > div")].map((item) => [
      item.querySelector("dt")?.textContent,
      [...item.querySelectorAll("dd")].map((dd) => dd.textContent),
    ]),
  );

const fromOutside = { "x-forwarded-for": "203.0.113.9" };

/** A service opened without sign-in, as a developer may ask for on their own machine. */
const dashboardTest = test.extend(
  "service",
  { scope: "file" },
  part(() => buildTestService({ ADMIN_WITHOUT_SIGN_IN: "true" }), close),
);

describe("the insights dashboard, opened without sign-in by the developer's setting", () => {
  const it = dashboardTest;
  let service: BuiltService;
  // Counts recorded as an instance's counter records them.
  let store: BuiltService["store"];

  it.beforeAll(({ service: started }) => {
    service = started;
    store = started.store;
  });

  it("says plainly when no page views were counted", async () => {
    const response = await service.app.inject("/admin/insights");
    const page = response.body;
    expect(response.statusCode).toBe(200);
    expect(page).toContain(nothingCounted);
  });

  it("shows the days and the visits' sources, leaving out enquiries without a counted visit, runs no script and loads nothing", async () => {
    const noVisit = new CountTable();
    // Five enquiries no counted visit sent (pages served elsewhere, a visitor who opted out).
    noVisit.add(dayOf(new Date()), "total", "", "enquiries", 5);
    await store.insights.record([today()]);
    // Visitor b sends an enquiry: it goes to b's visit, from the newsletter.
    await store.insights.record([
      today({ counts: noVisit.rows(), visitors: [], visitorPages: [], enquiries: [{ hash: "b" }] }),
    ]);

    const response = await service.app.inject("/admin/insights?days=7");
    const page = response.body;
    expect(response.statusCode).toBe(200);
    expect(page).not.toContain(nothingCounted);
    expect(page).not.toMatch(/<script|<link|<img|\ssrc=/i);
    expect(response.headers["cache-control"]).toBe("no-store");
    const policy = response.headers["content-security-policy"] ?? "";
    expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(policy).not.toContain("script-src");
    expect(policy).not.toContain("unsafe-inline");

    const { document } = new JSDOM(page).window;
    expect(document.querySelector("svg[role=img]")?.getAttribute("aria-labelledby")).toBeTruthy();
    // Visits as a bar a day, enquiries as a line with a marker a day, in both sizes of chart.
    for (const chart of document.querySelectorAll('svg[aria-labelledby^="chart-title"]')) {
      expect(chart.querySelectorAll("rect.visx-bar")).toHaveLength(7);
      expect(chart.querySelectorAll("circle")).toHaveLength(7);
    }

    // 6 enquiries, one of them from one of the 2 visits.
    const days = tableRows(page, /^Per day/);
    expect(days).toHaveLength(8);
    expect(days[1]).toEqual([dayOf(new Date()), "2", "3", "2", "6", "1", "50.0%", "0"]);
    expect(tableRows(page, /^Where visits came from/).slice(1)).toEqual([
      ["newsletter", "1", "1", "100.0%"],
      ["google.com", "1", "0", "0.0%"],
      ["Total of 2 values", "2", "1", "50.0%"],
    ]);
  });

  it("shows taps on the phone and WhatsApp links beside the day's enquiries, by place", async () => {
    const day = dayOf(new Date());
    const taps = [
      { channel: "phone", source: "footer", taps: 2 },
      { channel: "whatsapp", source: "contact", taps: 1 },
    ];
    await store.insights.record([
      { ...today({ counts: [], visitors: [], visitorPages: [] }), taps },
    ]);

    const page = (await service.app.inject("/admin/insights?days=7")).body;
    const rows = tableRows(page, /^Enquiries and taps/);
    expect(rows[0]).toEqual([
      "Date",
      "Enquiries",
      "Phone (footer)",
      "Phone (contact)",
      "WhatsApp (footer)",
      "WhatsApp (contact)",
    ]);
    expect(rows[1]).toEqual([day, "6", "2", "0", "0", "1"]);
    expect(tableRows(page, /^Taps on the phone/)).toEqual([
      ["Tapped on", "Phone", "WhatsApp"],
      ["footer", "2", "0"],
      ["contact", "0", "1"],
      ["Total", "2", "1"],
    ]);
  });

  it("gives the same table per day as CSV, oldest day first", async () => {
    const response = await service.app.inject("/admin/insights.csv?days=30");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="insights-/);
    const lines = response.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Date,Visitors,Page views,Visits,Enquiries,Visits that sent an enquiry,Conversion,Downloads",
    );
    expect(lines).toHaveLength(31);
    expect(lines.at(-1)).toBe(`${dayOf(new Date())},2,3,2,6,1,50.0%,0`);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d,0,0,0,0,0,–,0$/);
  });

  it("shows as conversion the share of visits that sent an enquiry, each counted once", async () => {
    // Two more visits send nothing; visitor b sends three more, four in all: 1 visit of 4.
    const quiet: Visit = {
      entry: "/",
      source: "newsletter",
      medium: "",
      campaign: "",
      device: "phone",
    };
    const visitors = ["c", "d"].map((hash) => ({ hash, visit: quiet }));
    await store.insights.record([today({ counts: [], visitors, visitorPages: [] })]);
    await store.insights.record([
      today({
        counts: [],
        visitors: [],
        visitorPages: [],
        enquiries: [{ hash: "b" }, { hash: "b" }, { hash: "b" }],
      }),
    ]);
    const page = (await service.app.inject("/admin/insights?days=7")).body;
    // Nothing was counted in the 7 days before.
    expect(figuresOf(page)).toEqual({
      Visitors: ["4", "new against 0 in the 7 days before"],
      Visits: ["4", "new against 0 in the 7 days before"],
      Enquiries: ["9", "new against 0 in the 7 days before"],
      Conversion: ["25.0%", "– against – in the 7 days before"],
      "Median first reply": ["–", "– against – in the 7 days before"],
    });
    expect(tableRows(page, /^Per day/)[1]?.slice(3, 7)).toEqual(["4", "9", "1", "25.0%"]);
    expect(tableRows(page, /^Where visits came from/)[1]).toEqual([
      "newsletter",
      "3",
      "4",
      "33.3%",
    ]);
  });

  it("answers a range it does not offer with a 400 naming it", async () => {
    const later = addDays(dayOf(new Date()), 1);
    for (const [path, error, message] of [
      ["/admin/insights?days=14", "bad_days", /^days: use 7, 30 or 90/],
      ["/admin/insights.csv?days=all", "bad_days", /^days: use 7, 30 or 90/],
      ["/admin/insights?from=2026-01-05", "bad_range", /^to: use a date as YYYY-MM-DD/],
      ["/admin/insights?from=2026-01-05&to=2026-01-04", "bad_range", /^from must not be after to/],
      [`/admin/insights-figures.csv?from=2026-01-05&to=${later}`, "bad_range", /after today/],
      ["/admin/insights?from=2020-01-01&to=2026-01-04", "bad_range", /at most 1000 days/],
    ] as const) {
      const response = await service.app.inject(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json()).toMatchObject({ error, message });
    }
  });

  it("compares each key figure with the period of the same length before it, for days or dates, and gives them as CSV", async () => {
    const now = dayOf(new Date());
    // The day before yesterday: in yesterday-and-today's previous period, in the last 7 days.
    await store.insights.record([dayBatch(addDays(now, -2)), dayBatch(addDays(now, -8))]);
    const ask = async (url: string) => (await service.app.inject(url)).body;
    expect(figuresOf(await ask("/admin/insights?days=7"))).toMatchObject({
      Visits: ["6", "up 200% against 2 in the 7 days before"],
      Conversion: ["16.7%", "up 16.7 pp against 0.0% in the 7 days before"],
    });
    const range = `from=${addDays(now, -1)}&to=${now}`;
    const page = await ask(`/admin/insights?${range}`);
    expect(figuresOf(page)).toMatchObject({
      Visits: ["4", "up 100% against 2 in the 2 days before"],
      Enquiries: ["9", "new against 0 in the 2 days before"],
    });
    const { document } = new JSDOM(page).window;
    expect(document.querySelector<HTMLInputElement>("input[name=from]")?.value).toBe(
      addDays(now, -1),
    );
    expect(tableRows(page, /^Per day/)).toHaveLength(3);
    expect((await ask(`/admin/insights-figures.csv?${range}`)).split("\r\n")).toEqual([
      `Figure,${addDays(now, -1)} to ${now},${addDays(now, -3)} to ${addDays(now, -2)},Change`,
      "Visitors,4,2,up 100%",
      "Visits,4,2,up 100%",
      "Enquiries,9,0,new",
      "Conversion,25.0%,0.0%,up 25.0 pp",
      "Median first reply,–,–,–",
      "",
    ]);
  });

  it("draws the page in the build's own Inter files, which its policy allows", async ({
    buildService,
    tempDir,
  }) => {
    writeFixtureSite(tempDir);
    const fonts = [
      "inter-latin-wght-normal.Dx4k_X-l.woff2",
      "inter-latin-ext-wght-normal.DO1A.woff2",
    ];
    mkdirSync(join(tempDir, "assets"), { recursive: true });
    for (const font of fonts) writeFileSync(join(tempDir, "assets", font), "wOF2");
    const withFonts = await buildService({ ADMIN_WITHOUT_SIGN_IN: "true", SITE_ROOT: tempDir });
    const response = await withFonts.app.inject("/admin/insights");
    expect(response.headers["content-security-policy"]).toMatch(/; font-src 'self';/);
    const { document } = new JSDOM(response.body).window;
    expect(document.querySelector("link[rel=preload]")?.getAttribute("href")).toBe(
      `/assets/${fonts[0]}`,
    );
    for (const font of fonts) {
      expect(document.querySelector("style")?.textContent).toContain(`src:url(/assets/${font})`);
    }
  });

  it("warns at every start that anyone may open it", () => {
    expect(service.logs.join("")).toMatch(/ADMIN_WITHOUT_SIGN_IN is on/);
  });
});

describe("the insights dashboard by default", () => {
  /** Its status and body, asked for straight or through a proxy on this machine. */
  async function ask(base: string, path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${path}`, { headers });
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  test("opens to nobody who has not signed in: not from this machine, not through any proxy", async ({
    startService,
    closeAfter,
  }) => {
    const service = await startService();
    await service.store.insights.record([today()]);
    // A proxy on this machine that adds no forwarding header, as a minimal nginx proxy_pass.
    const proxy = closeAfter(await startPlainHost({ service: service.baseUrl }));
    const ways = [
      [service.baseUrl, {}],
      [proxy.url, {}],
      [service.baseUrl, fromOutside],
      [service.baseUrl, { host: "localhost" }],
    ] as const;
    for (const [base, headers] of ways) {
      const page = await ask(base, "/admin/insights", headers);
      expect(page.status, `${base} ${JSON.stringify(headers)}`).toBe(401);
      expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
      expect(page.text).not.toContain("newsletter");
      expect(page.text).toContain('href="/admin/sign-in"');
      const csv = await ask(base, "/admin/insights.csv", headers);
      expect(csv.status).toBe(401);
      expect(JSON.parse(csv.text)).toEqual({ error: "sign_in_required" });
    }
    expect(service.logs.join("")).not.toMatch(/ADMIN_WITHOUT_SIGN_IN/);
  });
});

/** A Johannesburg wall-clock time, "2026-11-02 09:00". */
const sast = (local: string) => new Date(`${local.replace(" ", "T")}:00+02:00`);

describe.each(storeKinds)("the inbox's figures on the $name store", (kind) => {
  test("shows the median first reply against the period before, the funnel by source and first replies by week, also as CSV", async ({
    tempDir,
    buildService,
  }) => {
    const DATABASE_URL = await kind.newDatabaseUrl(tempDir);
    const { app, store } = await buildService({ DATABASE_URL, ADMIN_WITHOUT_SIGN_IN: "true" });
    // Received, first reply (business minutes between them in the comment), stage.
    const enquiries: [string, string | null, EnquiryStage][] = [
      ["2026-11-02 09:00", "2026-11-02 09:30", "won"], // 30, from the newsletter
      ["2026-11-02 16:30", "2026-11-03 09:00", "contacted"], // 90 overnight, from google.com
      ["2026-11-11 10:00", "2026-11-11 14:00", "lost"], // 240, no counted visit
      ["2026-11-12 10:00", null, "new"], // still waiting
      ["2026-10-26 09:00", "2026-10-26 11:00", "qualified"], // 120, the period before
    ];
    const ids: string[] = [];
    for (const [received, replied, stage] of enquiries) {
      const { id } = await store.saveEnquiry(sampleEnquiry(), sast(received), mailOnly);
      ids.push(id);
      if (replied) await store.replies.stopClock(id, sast(replied));
      await store.inbox.setStage(id, stage, null, sast(received));
    }
    await store.saveEnquiry(sampleEnquiry(), sast("2026-11-04 10:00"), mailOnly, { reason: "x" });
    const linked = [
      { hash: "b", enquiryId: ids[0] },
      { hash: "a", enquiryId: ids[1] },
    ];
    await store.insights.record([dayBatch("2026-11-02", { enquiries: linked })]);

    const range = "from=2026-11-02&to=2026-11-15";
    const ask = async (url: string) => (await app.inject(url)).body;
    const page = await ask(`/admin/insights?${range}`);
    expect(figuresOf(page)["Median first reply"]).toEqual([
      "1 h 30 min",
      "down 25% against 2 h in the 14 days before",
    ]);
    const funnel = [
      ["(no counted visit)", "0", "2", "–", "1", "50.0%", "0", "0.0%"],
      ["google.com", "1", "1", "100.0%", "1", "100.0%", "0", "0.0%"],
      ["newsletter", "1", "1", "100.0%", "1", "100.0%", "1", "100.0%"],
      ["All sources", "2", "4", "200.0%", "3", "75.0%", "1", "25.0%"],
    ];
    expect(tableRows(page, /^Visits, enquiries, contacted and won/).slice(1)).toEqual(
      funnel.map(([source, visits, ...steps]) => [
        source,
        visits,
        ...[0, 2, 4].map((at) => `${steps[at]} (${steps[at + 1]})`),
      ]),
    );
    const weeks = [
      ["2026-11-02 to 2026-11-08", "2", "0", "1 h", "1 h 30 min"],
      ["2026-11-09 to 2026-11-15", "1", "1", "4 h", "4 h"],
    ];
    expect(tableRows(page, /^Per week/).slice(1)).toEqual(weeks);
    const { document } = new JSDOM(page).window;
    // Shorter is better: the arrow points down, the colour is the good one.
    const changes = [...document.querySelectorAll(".figures .change span")];
    expect(changes.at(-1)?.className).toBe("down better");
    for (const size of ["wide", "narrow"])
      expect(
        document.querySelectorAll(`[aria-labelledby^="replies-title-${size}"] rect[width="8"]`),
      ).toHaveLength(2);
    const csv = async (name: string) =>
      (await ask(`/admin/insights-${name}.csv?${range}`)).split("\r\n");
    expect(await csv("figures")).toContain("Median first reply,1 h 30 min,2 h,down 25%");
    expect((await csv("funnel")).slice(1, -1)).toEqual(funnel.map((row) => row.join(",")));
    expect((await csv("replies")).slice(1, -1)).toEqual(weeks.map((row) => row.join(",")));
  });
});
