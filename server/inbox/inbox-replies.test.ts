import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { createTransport } from "nodemailer";
import { describe, expect, vi } from "vitest";
import { mailOnly, sampleEnquiry, samplePayload } from "../../tests/support/sample-enquiry";
import { test } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { mailTo, postEnquiry } from "../../tests/support/test-service";
import { smtpTransportOptions } from "../smtp";
import { newToken, tokenHash } from "../staff/staff-sessions";
import type { EnquiryStore } from "../store/enquiry-store";
import { composeReplyMail } from "./reply-mail";

// Routing and replies (decision 0049) through the real app (app.inject) on each store, mailing
// through a real SMTP stand-in that refuses some recipients at RCPT and others after DATA.

const thandi = { email: "thandi@amanzi.example", name: "Thandi Nkosi", owner: true };
const sipho = { email: "sipho@amanzi.example", name: "Sipho Dlamini", owner: false };
const refuse = (address: string) =>
  address.endsWith("@refused.example")
    ? "rcpt"
    : address.endsWith("@bounce.example")
      ? "data"
      : undefined;

async function as(app: FastifyInstance, store: EnquiryStore, email: string) {
  const person = await store.staff.staffByEmail(email);
  const token = newToken();
  await store.staff.startSession(
    { tokenHash: tokenHash(token), staffId: person?.id ?? "" },
    new Date(Date.now() + 3_600_000),
  );
  return (method: "GET" | "POST", url: string, form?: Record<string, string>) =>
    app.inject({
      method,
      url,
      headers: {
        "sec-fetch-site": "same-origin",
        cookie: `staff-session=${token}`,
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      payload: form && new URLSearchParams(form).toString(),
    });
}

/** The page's timeline as text. */
const timelineOf = (html: string) =>
  html
    .slice(html.indexOf('id="timeline"'))
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");

describe.each(storeKinds)("routing and replies on the $name store", (kind) => {
  const it = test.extend("inbox", async ({ tempDir, startService, startSmtpPeer }) => {
    const smtp = await startSmtpPeer({ refuse });
    const service = await startService({
      ...mailTo(smtp.port),
      DATABASE_URL: await kind.newDatabaseUrl(tempDir),
      DELIVERY_POLL_MS: "100",
    });
    const { app, store } = service;
    for (const person of [thandi, sipho]) await store.staff.addStaff(person, new Date());
    const siphoId = (await store.staff.staffByEmail(sipho.email))?.id ?? "";
    return {
      service,
      smtp,
      store,
      siphoId,
      owner: await as(app, store, thandi.email),
      staff: await as(app, store, sipho.email),
    };
  });

  it("gives a new enquiry of a routed type its person, in the timeline and on its mail", async ({
    inbox: { service, smtp, store, siphoId, owner, staff },
  }) => {
    expect((await staff("POST", "/admin/staff/routing", { support: siphoId })).statusCode).toBe(
      403,
    );
    expect(
      (await owner("POST", "/admin/staff/routing", { support: "nobody" })).json(),
    ).toMatchObject({
      error: "bad_routing",
    });
    const saved = await owner("POST", "/admin/staff/routing", { support: siphoId, feedback: "" });
    expect([saved.statusCode, saved.headers.location]).toEqual([303, "/admin/staff"]);
    expect(await store.inbox.routes()).toEqual({ support: siphoId });
    expect((await owner("GET", "/admin/staff")).body).toContain(
      `<option value="${siphoId}" selected="">`,
    );

    const send = async (enquiryType: "support" | "consultation", name: string) => {
      const sent = await postEnquiry(
        service.baseUrl,
        samplePayload(sampleEnquiry({ name, enquiryType })),
      );
      return String(sent.json?.id);
    };
    const routed = await send("support", "Routed");
    const open = await send("consultation", "Open");
    const mails = await vi.waitFor(() => {
      const found = ["Routed", "Open"].map((name) =>
        smtp.received.find((m) => m.subject?.endsWith(name)),
      );
      if (found.includes(undefined)) throw new Error("enquiry mails not yet sent");
      return found;
    }, 10_000);
    expect(mails.map((mail) => mail?.to)).toEqual([
      ["sales@amanzi.example", sipho.email],
      ["sales@amanzi.example"],
    ]);
    expect((await store.inbox.read(routed))?.enquiry.ownerName).toBe(sipho.name);
    expect((await store.inbox.read(open))?.enquiry.ownerId).toBe(null);
    expect(timelineOf((await staff("GET", `/admin/enquiries/${routed}`)).body)).toContain(
      "Assigned to Sipho Dlamini by routing",
    );
    // The unrouted one waits in New for everyone; each is in Mine for its owner only.
    const listed = async (get: typeof owner, view: string) =>
      (await get("GET", `/admin/enquiries?view=${view}`)).body;
    for (const get of [owner, staff]) expect(await listed(get, "new")).toContain(">Open</a>");
    expect(await listed(staff, "mine")).toContain(">Routed</a>");
    expect(await listed(owner, "mine")).not.toContain(">Routed</a>");
    // A held one is routed as it is stored, too; removing the person routes their types to nobody.
    const support = sampleEnquiry({ enquiryType: "support" });
    const held = await store.saveEnquiry(support, new Date(), mailOnly, { reason: "low" });
    expect((await store.inbox.read(held.id))?.enquiry.ownerId).toBe(siphoId);
    await owner("POST", "/admin/staff/remove", { email: sipho.email });
    expect(await store.inbox.routes()).toEqual({});
    const later = await store.saveEnquiry(support, new Date(), mailOnly);
    expect((await store.inbox.read(later.id))?.events).toEqual([]);
  });

  it("mails a reply to the visitor, records it and stops the clock; a refused one shows failed", async ({
    inbox: { smtp, store, staff },
  }) => {
    const save = (email: string) =>
      store.saveEnquiry(sampleEnquiry({ email }), new Date(), mailOnly);
    const enquiry = await save("visitor@example.co.za");
    const path = `/admin/enquiries/${enquiry.id}`;
    expect((await staff("GET", path)).body).toMatch(
      /<label for="reply">Reply<\/label>[\s\S]*>Send reply<\/button>/,
    );
    const sent = await staff("POST", `${path}/reply`, {
      reply: "We can help.\nCall us on 012 345 6789.",
    });
    expect([sent.statusCode, sent.headers.location]).toEqual([
      303,
      `${path}?reply=sent#reply-outcome`,
    ]);
    const mail = smtp.received.find((m) => m.subject?.startsWith("Re: your enquiry"));
    expect(mail).toMatchObject({
      to: ["visitor@example.co.za"],
      from: "website@amanzi.example",
      replyTo: '"Website enquiries" <sales@amanzi.example>',
      subject: `Re: your enquiry, reference ${enquiry.id.slice(0, 8).toUpperCase()}`,
    });
    expect(mail?.raw).toContain("From: Sipho Dlamini <website@amanzi.example>");
    expect(mail?.text).toMatch(/^We can help\.\nCall us on 012 345 6789\.\n\nSipho Dlamini\n/);
    const page = (await staff("GET", `${path}?reply=sent`)).body;
    expect(page).toContain('role="status" id="reply-outcome">Reply sent.');
    expect(timelineOf(page)).toContain(
      "Sipho Dlamini · Reply sent to the visitor: We can help.\nCall us",
    );
    const firstReply = (await store.inbox.read(enquiry.id))?.enquiry.firstReplyAt;
    expect(firstReply).not.toBe(null);
    await staff("POST", `${path}/reply`, { reply: "And a second word." });
    expect((await store.inbox.read(enquiry.id))?.enquiry.firstReplyAt).toEqual(firstReply);

    // Refused at RCPT or after DATA: failed in the timeline and on the page, the clock running.
    for (const [address, reason] of [
      ["someone@refused.example", "550 5.1.1 Mailbox unavailable"],
      ["someone@bounce.example", "554 5.7.1 Message refused"],
    ] as const) {
      const { id } = await save(address);
      const refused = await staff("POST", `/admin/enquiries/${id}/reply`, { reply: "Hello" });
      expect(refused.headers.location, address).toBe(
        `/admin/enquiries/${id}?reply=refused#reply-outcome`,
      );
      const shown = (await staff("GET", `/admin/enquiries/${id}?reply=refused`)).body;
      expect(shown).toContain(
        'role="alert" id="reply-outcome">The mail server refused the reply: it was not sent.',
      );
      expect(timelineOf(shown)).toContain(
        `Reply failed, not sent: the mail server refused it (${reason}): Hello`,
      );
      expect(shown).not.toContain("Reply sent");
      expect((await store.inbox.read(id))?.enquiry.firstReplyAt, address).toBe(null);
    }

    // Setting Contacted stops the clock too; bad replies and held enquiries are refused.
    const contacted = await save("other@example.co.za");
    await staff("POST", `/admin/enquiries/${contacted.id}/status`, { stage: "contacted" });
    expect((await store.inbox.read(contacted.id))?.enquiry.firstReplyAt).not.toBe(null);
    const held = await store.saveEnquiry(sampleEnquiry(), new Date(), mailOnly, { reason: "low" });
    for (const [id, form, status] of [
      [enquiry.id, { reply: "  " }, 400],
      [held.id, { reply: "Hello" }, 409],
      ["00000000-0000-4000-8000-000000000000", { reply: "Hello" }, 404],
    ] as const)
      expect((await staff("POST", `/admin/enquiries/${id}/reply`, form)).statusCode, id).toBe(
        status,
      );
  });
});

test("says plainly that replies cannot be sent without SMTP_URL, and sends none", async ({
  startService,
}) => {
  const { app, store } = await startService();
  await store.staff.addStaff(sipho, new Date());
  const { id } = await store.saveEnquiry(sampleEnquiry(), new Date(), mailOnly);
  const get = await as(app, store, sipho.email);
  const page = (await get("GET", `/admin/enquiries/${id}`)).body;
  expect(page).toContain(
    "Replies cannot be sent from the inbox: mail is off (SMTP_URL is not set).",
  );
  expect(page).not.toContain("Send reply");
  expect(
    (await get("POST", `/admin/enquiries/${id}/reply`, { reply: "Hello" })).json(),
  ).toMatchObject({
    error: "mail_off",
  });
  expect((await store.inbox.read(id))?.events.map((event) => event.kind)).toEqual(["viewed"]);
});

test.for([
  ["CR/LF", "Eve\r\nBcc: evil@example.com"],
  ["a bare LF", "Eve\nBcc: evil@example.com"],
  ["an encoded CR/LF", "=?utf-8?Q?Eve=0D=0ABcc:_evil@example.com?="],
  ["an encoded word among others", "Zoë =?utf-8?B?RXZlDQpCY2M6IGV2aWxAZXhhbXBsZS5jb20=?="],
  ["U+2028", "Eve\u2028Bcc: evil@example.com"],
  ["U+2029", "Eve\u2029Bcc: evil@example.com"],
  ["U+0085 (NEL)", "Eve\u0085Bcc: evil@example.com"],
] as const)(
  "a visitor's name with %s adds no header to a reply",
  async ([, name], { startSmtpPeer }) => {
    const smtp = await startSmtpPeer();
    const transport = createTransport(smtpTransportOptions(`smtp://127.0.0.1:${smtp.port}`));
    const enquiry = { id: "0f8c2a4e-1111-4222-8333-944455556666", name, email: "eve@example.com" };
    const addresses = { from: "website@amanzi.example", to: "sales@amanzi.example" };
    await transport.sendMail(
      composeReplyMail(enquiry, { text: "Hi", signedBy: "Sipho\r\nBcc: x@y.z" }, addresses),
    );
    transport.close();
    const [mail] = smtp.received;
    const headers = mail?.raw.split("\r\n\r\n")[0] ?? "";
    expect(mail?.to).toEqual(["eve@example.com"]);
    expect(headers).not.toMatch(/^bcc:/im);
    expect(headers.match(/^[\w-]+:/gm)).toEqual([
      "From:",
      "To:",
      "Reply-To:",
      "References:",
      "Subject:",
      "Message-ID:",
      "Date:",
      "MIME-Version:",
      "Content-Type:",
    ]);
    // As a mail program reads it: the name on one line.
    const { to } = await simpleParser(mail?.raw ?? "");
    expect(Array.isArray(to) ? undefined : to?.value[0]?.name).not.toMatch(
      /[\r\n\u0085\u2028\u2029]/,
    );
  },
);

test("an address with CR/LF is refused by the mail server, never split into two", async ({
  startSmtpPeer,
}) => {
  const smtp = await startSmtpPeer();
  const transport = createTransport(smtpTransportOptions(`smtp://127.0.0.1:${smtp.port}`));
  const enquiry = {
    id: "0f8c2a4e-1111-4222-8333-944455556666",
    name: "Eve",
    email: "eve@example.com\r\nBcc: evil@example.com",
  };
  const mail = composeReplyMail(
    enquiry,
    { text: "Hi" },
    { from: "website@amanzi.example", to: "sales@amanzi.example" },
  );
  await expect(transport.sendMail(mail)).rejects.toThrow(/recipients were rejected/);
  transport.close();
  expect(smtp.received).toEqual([]);
});
