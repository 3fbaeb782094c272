import { expect } from "vitest";
import { it } from "../../tests/support/server-test";
import { postEnquiry, validEnquiry } from "../../tests/support/test-service";
import { humanAnswer } from "../../tests/support/verifier-stand-in";
import { waitFor } from "../../tests/support/wait-for";
import { openEnquiryStore } from "../store/open-enquiry-store";

// The visitor's acknowledgement end to end: the real app, a real SMTP peer, and the bot-check
// stand-in on loopback.

it("acknowledges once a day per address, in our words only, and never a refused enquiry", async ({
  startMailingService,
  startVerifier,
}) => {
  const verifier = await startVerifier(() => humanAnswer());
  const { smtp, service } = await startMailingService({
    ENQUIRY_ACKNOWLEDGE: "true",
    RECAPTCHA_SECRET: "server-side-secret",
    RECAPTCHA_VERIFY_URL: verifier.url,
    ENQUIRY_RATE_LIMIT_PER_MINUTE: "4",
  });
  const send = (email: string) =>
    postEnquiry(service.baseUrl, validEnquiry({ email, enquiry: "support" }));
  const mailsTo = (address: string) =>
    smtp.received.filter((mail) => mail.to.includes(address.toLowerCase()));

  expect((await send("thandi@example.co.za")).status).toBe(201);
  const [acknowledgement] = await waitFor("the acknowledgement", () => {
    const mails = mailsTo("thandi@example.co.za");
    return mails.length > 0 ? mails : undefined;
  });
  expect(acknowledgement?.subject).toBe("We have received your enquiry");
  expect(acknowledgement?.text).toContain("We have received your support enquiry");
  expect(acknowledgement?.replyTo).toContain("sales@amanzi.example");
  // Nothing the visitor typed: not the message, not the name, not the phone number.
  const { message, name, phone } = validEnquiry();
  for (const typed of [message, name, phone, "valves", "Nkosi", "script"]) {
    expect(acknowledgement?.raw).not.toContain(typed);
  }

  // A second enquiry from the same address, in another case: stored and mailed to the
  // company, but not acknowledged again.
  const second = await send("THANDI@Example.co.za");
  expect(second.status).toBe(201);
  await waitFor("both enquiries at the company", () =>
    mailsTo("sales@amanzi.example").length === 2 ? true : undefined,
  );

  // Refused by the bot check, then by the rate limit: nothing stored, nothing acknowledged.
  verifier.answerWith(() => ({ body: { ...humanAnswer().body, score: 0.1 } }));
  expect((await send("sipho@example.co.za")).status).toBe(403);
  verifier.answerWith(() => humanAnswer());
  expect((await send("lindi@example.co.za")).status).toBe(201);
  expect((await send("nomsa@example.co.za")).status).toBe(429);
  await waitFor("the third enquiry's acknowledgement", () => mailsTo("lindi@example.co.za")[0]);

  const store = await openEnquiryStore(`file:${service.databasePath}`);
  try {
    const enquiries = await store.listEnquiries();
    expect(enquiries.map((e) => e.email)).toEqual([
      "thandi@example.co.za",
      "THANDI@Example.co.za",
      "lindi@example.co.za",
    ]);
    expect(enquiries.map((e) => e.delivery.channels.map((job) => job.channel))).toEqual([
      ["mail", "acknowledgement"],
      ["mail"],
      ["mail", "acknowledgement"],
    ]);
    // Once the store has every job delivered, nothing is left to send: exactly one
    // acknowledgement for Thandi.
    await waitFor(
      "every delivery recorded",
      async () =>
        (await store.listEnquiries()).every((e) => e.delivery.status === "delivered") || undefined,
    );
  } finally {
    await store.close();
  }
  expect(mailsTo("thandi@example.co.za")).toHaveLength(1);
  expect(mailsTo("sipho@example.co.za")).toEqual([]);
  expect(mailsTo("nomsa@example.co.za")).toEqual([]);
  expect(smtp.received).toHaveLength(5);
});
