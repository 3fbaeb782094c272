import { JSDOM } from "jsdom";
import { describe, expect } from "vitest";
import { startPlainHost } from "../../tests/support/plain-host";
import { close, dayBatch, part, test } from "../../tests/support/server-test";
import { startTestService, type TestService } from "../../tests/support/test-service";
import { dayOf } from "../insights/insights-report";
import { CountTable, type DayBatch } from "../store/insights-store";
import type { Visit } from "../store/schema";
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

/** The totals above the tables, by their labels. */
const totalsOf = (html: string) =>
  Object.fromEntries(
    [...new JSDOM(html).window.document.querySelectorAll(".totals > div")].map((item) => [
      item.querySelector("dt")?.textContent,
      item.querySelector("dd")?.textContent,
    ]),
  );

const fromOutside = { "x-forwarded-for": "203.0.113.9" };

/** A service opened without sign-in, as a developer may ask for on their own machine. */
const dashboardTest = test.extend(
  "service",
  { scope: "file" },
  part(() => startTestService({ ADMIN_WITHOUT_SIGN_IN: "true" }), close),
);

describe("the insights dashboard, opened without sign-in by the developer's setting", () => {
  const it = dashboardTest;
  let service: TestService;
  // Counts recorded as an instance's counter records them.
  let store: TestService["store"];

  it.beforeAll(({ service: started }) => {
    service = started;
    store = started.store;
  });

  it("says plainly when no page views were counted", async () => {
    const response = await fetch(`${service.baseUrl}/admin/insights`);
    const page = await response.text();
    expect(response.status).toBe(200);
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

    const response = await fetch(`${service.baseUrl}/admin/insights?days=7`);
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(page).not.toContain(nothingCounted);
    expect(page).not.toMatch(/<script|<link|<img|\ssrc=/i);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(policy).not.toContain("script-src");
    expect(policy).not.toContain("unsafe-inline");

    const { document } = new JSDOM(page).window;
    expect(document.querySelector("svg[role=img]")?.getAttribute("aria-labelledby")).toBeTruthy();
    expect(document.querySelector("svg[role=img] path")).not.toBeNull();

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

    const page = await (await fetch(`${service.baseUrl}/admin/insights?days=7`)).text();
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
    expect(totalsOf(page)).toMatchObject({ "Phone taps": "2", "WhatsApp taps": "1" });
  });

  it("gives the same table per day as CSV, oldest day first", async () => {
    const response = await fetch(`${service.baseUrl}/admin/insights.csv?days=30`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="insights-/);
    const lines = (await response.text()).trimEnd().split("\r\n");
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
    const page = await (await fetch(`${service.baseUrl}/admin/insights?days=7`)).text();
    expect(totalsOf(page)).toMatchObject({
      Visits: "4",
      Enquiries: "9",
      "Visits that sent an enquiry": "1",
      Conversion: "25.0%",
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
    for (const path of ["/admin/insights?days=14", "/admin/insights.csv?days=all"]) {
      const response = await fetch(`${service.baseUrl}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({
        error: "bad_days",
        message: /^days: use 7, 30 or 90/,
      });
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
