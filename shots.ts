// Pictures for the note (not part of the project): the inbox over fixture data, on loopback.
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { newToken, tokenHash } from "./server/staff/staff-sessions";
import { mailOnly, sampleEnquiry } from "./tests/support/sample-enquiry";
import { startTestService } from "./tests/support/test-service";

const service = await startTestService({ SITE_ROOT: resolve("build-test/client"), LOG_LEVEL: "warn" });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
try {
  const { store, baseUrl } = service;
  const now = Date.now();
  const ago = (minutes: number) => new Date(now - minutes * 60_000);
  await store.staff.addStaff({ email: "thandi@amanzi.example", name: "Thandi Nkosi", owner: true }, new Date());
  await store.staff.addStaff({ email: "sipho@amanzi.example", name: "Sipho Dlamini", owner: false }, new Date());
  const thandi = await store.staff.staffByEmail("thandi@amanzi.example");
  const sipho = await store.staff.staffByEmail("sipho@amanzi.example");
  const people = [
    ["Lindiwe Zulu", "Umhlanga Ridge Estate", "consultation", 38, "lindiwe@umhlanga-estate.example", "Good day. We manage 240 units and want prepaid water meters with remote reading. Can someone call me this week?"],
    ["Pieter van Wyk", "Karoo Body Corporate", "support", 95, "pieter@karoo-bc.example", "Two meters in block C stopped reporting since Tuesday."],
    ["Aisha Patel", "Cape Flats Housing", "consultation", 260, "aisha@cfh.example", "Please send a quote for 60 smart meters."],
    ["Johan Botha", null, "feedback", 1500, "johan@example.co.za", "The installer was excellent, thank you."],
    ["Nomsa Mthembu", "Soweto Villas", "other", 2900, "nomsa@sowetovillas.example", "Do you offer billing services as well?"],
  ] as const;
  const ids: string[] = [];
  for (const [name, companyName, enquiryType, minutes, email, message] of people) {
    const e = await store.saveEnquiry(sampleEnquiry({ name, companyName, enquiryType, email, message, phone: "0825550123" }), ago(minutes), mailOnly);
    ids.push(e.id);
  }
  const [lindiwe, pieter, aisha, johan, nomsa] = ids as [string, string, string, string, string];
  for (const id of [lindiwe, pieter, aisha, johan, nomsa]) await store.markDelivered(id, "mail", new Date(now - 30 * 60_000));
  await store.inbox.noteVisit(lindiwe, { entry: "/hardware", source: "google.com" });
  await store.inbox.setStage(johan, "won", thandi?.id ?? null, ago(1000));
  await store.inbox.setStage(nomsa, "contacted", sipho?.id ?? null, ago(2000));
  await store.inbox.setOwner(nomsa, sipho ?? null, thandi?.id ?? null, ago(2100));
  await store.inbox.setOwner(lindiwe, thandi ?? null, thandi?.id ?? null, ago(20));
  await store.inbox.addNote(lindiwe, "Called at 10:15, no answer. Trying again after lunch.", thandi?.id ?? null, ago(15));
  await store.inbox.record(lindiwe, sipho?.id ?? null, "viewed", ago(30));
  for (const [name, minutes, reason] of [["Sam Unknown", 12, "low_score 0.3"], ["Quick Loans", 300, "hostname_mismatch spam.example"]] as const)
    await store.saveEnquiry(sampleEnquiry({ name, companyName: null, email: `${name.split(" ")[0]?.toLowerCase()}@mail.example`, message: "Hi, I need a meter for my flat." }), ago(minutes), mailOnly, { reason });

  const token = newToken();
  await store.staff.startSession({ tokenHash: tokenHash(token), staffId: thandi?.id ?? "" }, new Date(now + 3_600_000));
  const shots: [string, string, boolean][] = [
    ["sign-in", "/admin/sign-in", false],
    ["new-view", "/admin/enquiries", true],
    ["enquiry-timeline", `/admin/enquiries/${lindiwe}#timeline`, true],
    ["held-view", "/admin/enquiries?view=held", true],
  ];
  for (const [width, height] of [[375, 740], [1280, 800]] as const) {
    for (const [name, path, signedIn] of shots) {
      const context = await browser.newContext({ viewport: { width, height } });
      if (signedIn) await context.addCookies([{ name: "staff-session", value: token, url: `${baseUrl}/admin` }]);
      const page = await context.newPage();
      await page.goto(`${baseUrl}${path}`);
      if (name === "enquiry-timeline") await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: `/work/notes/pics/inbox-${name}-${width}.png`, fullPage: true });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await service.close();
}
