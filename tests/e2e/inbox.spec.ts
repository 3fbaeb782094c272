import { expect, type Locator, type Page, test } from "@playwright/test";
import { newToken, tokenHash } from "../../server/staff/staff-sessions";
import { expectNoAxeViolations } from "../support/axe";
import { type EnquiryPeers, startEnquiryPeers } from "../support/enquiry-peers";
import { mailOnly, sampleEnquiry } from "../support/sample-enquiry";
import { expectSeen } from "../support/seen";
import { DESKTOP, MOBILE } from "../support/widths";

// The inbox worked as a member of staff works it, by keyboard, on the production build: find an
// enquiry, set its status, add a note, reply, then release a held one, which is then mailed. (Signing
// in is the insights spec's; here the session is put in the store as a sign-in leaves it.)

let peers: EnquiryPeers;
let baseUrl: string;
const staff = { email: "thandi@amanzi.example", name: "Thandi Nkosi", owner: true };

test.beforeAll(async () => {
  peers = await startEnquiryPeers();
  baseUrl = peers.service.baseUrl;
});

test.afterAll(async () => {
  await peers?.close();
});

/** Presses Tab until `target` has the focus, as a person moves through the page. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

async function axeAtBothWidths(page: Page) {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }
}

test("a member of staff works an enquiry and releases a held one, by keyboard", async ({
  page,
  context,
}) => {
  const { store } = peers.service;
  await store.staff.addStaff(staff, new Date());
  const person = await store.staff.staffByEmail(staff.email);
  const token = newToken();
  await store.staff.startSession(
    { tokenHash: tokenHash(token), staffId: person?.id ?? "" },
    new Date(Date.now() + 3_600_000),
  );
  await context.addCookies([
    {
      name: "staff-session",
      value: token,
      url: `${baseUrl}/admin`,
      httpOnly: true,
      sameSite: "Strict",
    },
  ]);
  const lindiwe = sampleEnquiry({ name: "Lindiwe Zulu", email: "lindiwe@estate.example" });
  await store.saveEnquiry(lindiwe, new Date(Date.now() - 45 * 60_000), mailOnly);
  const doubted = sampleEnquiry({ name: "Pieter Held", email: "pieter@example.co.za" });
  await store.saveEnquiry(doubted, new Date(), mailOnly, { reason: "low_score 0.3" });

  await page.goto(`${baseUrl}/admin/enquiries`);
  await expectSeen(page.getByRole("heading", { name: "Enquiries: New" }));
  await axeAtBothWidths(page);

  // Search by a word of the address, then open the enquiry.
  await tabTo(page, page.getByLabel("Search"));
  await page.keyboard.type("lindiwe");
  await page.keyboard.press("Enter");
  await page.waitForURL(/q=lindiwe/);
  const row = page.getByRole("link", { name: lindiwe.name });
  await expectSeen(row, "the enquiry in the list");
  await tabTo(page, row);
  await page.keyboard.press("Enter");
  await expectSeen(page.getByRole("heading", { name: lindiwe.name, level: 1 }));

  // Status by type-ahead on the select, then the button.
  await tabTo(page, page.getByLabel("Status"));
  await page.keyboard.press("c");
  await tabTo(page, page.getByRole("button", { name: "Set status" }));
  await page.keyboard.press("Enter");
  await expectSeen(page.getByText("Thandi Nkosi · Status set to Contacted"), "the status change");

  await tabTo(page, page.getByLabel("Note"));
  await page.keyboard.type("Called back, sending a quote");
  await tabTo(page, page.getByRole("button", { name: "Add note" }));
  await page.keyboard.press("Enter");
  const note = page.getByText("Note: Called back, sending a quote");
  await expectSeen(note, "the note in the timeline");

  // A reply, mailed to the visitor and said on the page and in the timeline.
  await tabTo(page, page.getByLabel("Reply", { exact: true }));
  await page.keyboard.type("Thank you, a quote follows today.");
  await tabTo(page, page.getByRole("button", { name: "Send reply" }));
  await page.keyboard.press("Enter");
  await expectSeen(page.getByRole("status").getByText("Reply sent."), "the reply's outcome");
  await expectSeen(
    page.getByText("Reply sent to the visitor: Thank you"),
    "the reply in the timeline",
  );
  expect(peers.smtp.received.find((mail) => mail.subject?.startsWith("Re:"))?.to).toEqual([
    lindiwe.email,
  ]);
  await axeAtBothWidths(page);

  // The held one: from the Held view, released, and then mailed to the company.
  await page.goto(`${baseUrl}/admin/enquiries`);
  await tabTo(page, page.getByRole("link", { name: "Held" }));
  await page.keyboard.press("Enter");
  await expectSeen(page.getByRole("heading", { name: "Enquiries: Held" }));
  await axeAtBothWidths(page);
  await tabTo(page, page.getByRole("link", { name: doubted.name }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("button", { name: "Release" }));
  await page.keyboard.press("Enter");
  const released = page.getByText("Thandi Nkosi · Released");
  await expectSeen(released, "the release in the timeline");
  await expect
    .poll(() => peers.smtp.received.some((mail) => mail.text?.includes(doubted.email)), {
      message: "the released enquiry mailed",
    })
    .toBe(true);
});
