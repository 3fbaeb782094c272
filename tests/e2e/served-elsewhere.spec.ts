import { createServer } from "node:http";
import { expect, test } from "@playwright/test";
import { sitePage } from "../../app/content/site-content";
import { sendEnquiryPath } from "../../contract/enquiry";
import { clientBuildDir } from "../support/client-build";
import { fillForm, sendForm, typedEnquiry } from "../support/contact-form";
import { type EnquiryPeers, keepToLoopback, startEnquiryPeers } from "../support/enquiry-peers";
import { listenOnLoopback } from "../support/loopback-listener";
import { startPlainHost } from "../support/plain-host";
import { samplePayload } from "../support/sample-enquiry";

// The deployment README and operations.md describe besides our own server: the built pages on
// any static host, which routes /api to the enquiry service. Here that host is a plain static
// server that passes /api on with no forwarding header, and Chromium sends a real enquiry from
// its page. Then a page on another site tries the same call, by form and by fetch.

const contact = sitePage("contact");

let peers: EnquiryPeers;
let host: Awaited<ReturnType<typeof startPlainHost>>;

test.beforeAll(async () => {
  peers = await startEnquiryPeers();
  host = await startPlainHost({ service: peers.service.baseUrl, siteRoot: clientBuildDir });
});

test.afterAll(async () => {
  await host?.close();
  await peers?.close();
});

const storedEnquiries = async () => (await peers.service.store.listEnquiries()).length;

test("an enquiry sent from a page another server serves is stored and mailed", async ({ page }) => {
  await keepToLoopback(page);
  const before = await storedEnquiries();
  await page.goto(`${host.url}${contact.path}`);
  await fillForm(page, { ...typedEnquiry, message: "Twelve meters for our estate, please." });
  const answer = page.waitForResponse((response) => response.url().endsWith(sendEnquiryPath));
  await sendForm(page);
  expect((await answer).status()).toBe(201);
  expect(await storedEnquiries()).toBe(before + 1);
  await expect
    .poll(() => peers.smtp.received.length, { timeout: 10_000, message: "mail at the SMTP peer" })
    .toBeGreaterThanOrEqual(1);
  expect(peers.smtp.received.at(-1)?.text).toContain("Twelve meters for our estate");
});

test("a page on another site can send no enquiry, by form or by script", async ({ page }) => {
  const before = await storedEnquiries();
  const mailed = peers.smtp.received.length;
  const target = `${host.url}/api${sendEnquiryPath}`;
  const body = JSON.stringify(samplePayload());
  // 127.0.0.1 and localhost are two sites to the browser: the attacker's page is on the second.
  const attacker = await listenOnLoopback(
    createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end(
        `<form method="post" action="${target}" enctype="text/plain"><input name='${body.slice(0, -1)},"pad":"' value='"}'></form>`,
      );
    }),
  );
  await page.goto(`http://localhost:${attacker.port}/prize`);

  const answers: number[] = [];
  page.on("response", (response) => {
    if (response.url() === target) answers.push(response.status());
  });
  // A "simple" request, sent without a preflight and unreadable to the page (no-cors).
  await page.evaluate(
    async ({ target, body }) => {
      const headers = { "content-type": "text/plain" };
      await fetch(target, { method: "POST", mode: "no-cors", body, headers });
    },
    { target, body },
  );
  const posted = page.waitForResponse(target);
  await page.locator("form").evaluate((form: HTMLFormElement) => form.submit());
  expect((await posted).status()).toBe(403);
  await expect.poll(() => answers).toEqual([403, 403]);
  expect(await storedEnquiries()).toBe(before);
  expect(peers.smtp.received.length).toBe(mailed);
  await attacker.close();
});
