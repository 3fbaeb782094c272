import { sitePage } from "../../app/content/site-content";
import { enquiryTypeValues } from "../../contract/enquiry";
import { type EngineDriver, FIND_IN_PAGE, type Target, waitFor } from "../support/engine-driver";
import type { EnquiryPeers } from "../support/enquiry-peers";
import { expectSeenIn } from "../support/seen";
import { expect } from "./engine-test";

// The contact form in an engine of the smoke suite, as a visitor uses it: its island starts on
// first use, and the enquiry reaches the mailbox through our server, the bot check's stand-in
// and the SMTP peer. Written once for every engine and for the browser without the Popover API.

const contact = sitePage("contact", "contact");
const { labels, submit, notifications, errors } = contact.file.enquiryForm;
const field = (name: keyof typeof labels): Target => ({ label: labels[name] });
const sendButton: Target = { role: "button", name: submit.idle };

/** The island's state, as its loading strategy sets it (app/features/contact/first-use.ts). */
const islandState = `return document.querySelector("astro-island[data-island-state]")?.dataset.islandState`;

export async function sendEnquiryFromContactPage(
  driver: EngineDriver,
  { service, smtp, verifier }: EnquiryPeers,
  name: string,
) {
  const mailsBefore = smtp.received.length;
  const checksBefore = verifier.requests.length;
  await driver.goto(`${service.baseUrl}${contact.path}`);
  await waitFor(driver, `return document.readyState === "complete"`, "the contact page to load");
  expect(await driver.evaluate(islandState), "not started before first use").toBe("waiting");

  await driver.type(field("name"), name);
  await waitFor(driver, `${islandState} === "ready"`, "the island to start on first use");
  // Send, pressed too soon, says what is missing and moves there.
  await driver.click(sendButton);
  const phone = `find(${JSON.stringify(field("phone"))})`;
  await waitFor(
    driver,
    `${FIND_IN_PAGE} return document.activeElement === ${phone}`,
    "focus on the phone",
  );
  const phoneError = `document.getElementById(${phone}.getAttribute("aria-describedby"))`;
  expect(await driver.evaluate(`${FIND_IN_PAGE} return ${phoneError}.textContent`)).toBe(
    errors.phone.missing,
  );
  await expectSeenIn(driver, phoneError, "the phone's error");
  await driver.type(field("phone"), "0831234567");
  await driver.type(field("email"), "lerato@example.co.za");
  await driver.choose(field("enquiry"), enquiryTypeValues[0]);
  await driver.type(field("message"), "Quote for 12 meters & valves, please.");
  // What was typed while the island started is still there.
  expect(
    await driver.evaluate(`${FIND_IN_PAGE} return find(${JSON.stringify(field("name"))}).value`),
  ).toBe(name);
  await waitFor(
    driver,
    `${FIND_IN_PAGE} return find(${JSON.stringify(sendButton)})?.getAttribute("aria-disabled") === null`,
    "Send to be available",
  );
  await driver.click(sendButton);
  await waitFor(
    driver,
    `return [...document.querySelectorAll("[aria-live]")].some((live) =>
      live.getAttribute("aria-label") === ${JSON.stringify(notifications.regionLabel)}
      && live.textContent.includes(${JSON.stringify(notifications.success)}))`,
    "the success notification in the live region",
    15_000,
  );
  await expectSeenIn(driver, `document.querySelector("[data-notification]")`, "the success notice");
  expect(await driver.pageErrors()).toEqual([]);

  expect(verifier.requests.length - checksBefore).toBe(1);
  await expect
    .poll(() => smtp.received.length - mailsBefore, { timeout: 10_000, message: "the mail" })
    .toBe(1);
  const mail = smtp.received.at(-1);
  expect(mail?.to).toEqual(["sales@amanzi.example"]);
  expect(mail?.html).toContain(name);
  expect(mail?.text).toContain("Quote for 12 meters & valves, please.");
}
