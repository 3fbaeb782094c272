import { createTransport } from "nodemailer";
import { describe, expect, vi } from "vitest";
import { businessWeek } from "../../contract/business-hours";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { test } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { mailTo } from "../../tests/support/test-service";
import { smtpTransportOptions } from "../smtp";
import type { EnquiryStore } from "../store/enquiry-store";
import { businessClock } from "./business-hours";
import { type ReplyReminderMail, sendReplyReminders } from "./reply-reminders";

const addresses = { from: "website@amanzi.example", to: "sales@amanzi.example" };
const clock = businessClock(businessWeek("Mon-Fri 08:00-17:00"));
/** A Johannesburg wall-clock time, "2026-11-27 16:30". */
const sast = (local: string) => new Date(`${local.replace(" ", "T")}:00+02:00`);
const from = (name: string) =>
  sampleEnquiry({ name, email: `${name.toLowerCase()}@example.co.za`, message: "Secret words" });

describe.each(storeKinds)("reply reminders on the $name store", (kind) => {
  test("mail the owner, else the team, once per enquiry past its target unanswered, from one of several instances", async ({
    tempDir,
    openStore,
    startSmtpPeer,
  }) => {
    const url = await kind.newDatabaseUrl(tempDir);
    const now = new Date();
    const [one, two] = [await openStore(url), await openStore(url)];
    const smtp = await startSmtpPeer();
    const transport = createTransport(smtpTransportOptions(mailTo(smtp.port).SMTP_URL));
    let failNext = false;
    const remindersOf = (store: EnquiryStore) => ({
      store,
      clock,
      targetMinutes: 60,
      addresses,
      leaseMs: 60_000,
      send: async (mail: ReplyReminderMail) => {
        if (failNext) {
          failNext = false;
          throw new Error("mail server down");
        }
        return transport.sendMail(mail);
      },
    });
    const both = async (local: string) =>
      (
        await Promise.all([one, two].map((s) => sendReplyReminders(remindersOf(s), sast(local))))
      ).map(({ sent, failed }) => ({ sent, failed }));
    const subjects = () => smtp.received.map((mail) => mail.subject);

    // Friday afternoon: due Monday 08:30, over the weekend.
    const thandi = await one.saveEnquiry(from("Thandi"), sast("2026-11-27 16:30"), mailOnly);
    const answered = await two.saveEnquiry(from("Sipho"), sast("2026-11-27 16:30"), mailOnly);
    expect(await two.replies.stopClock(answered.id, sast("2026-11-27 16:50"))).toBe(true);
    expect(await one.replies.stopClock(answered.id, sast("2026-11-30 09:00"))).toBe(false);
    await one.saveEnquiry(from("Held"), sast("2026-11-27 16:30"), mailOnly, { reason: "low" });
    // A name that tries to add a header stays on the subject's line. Routed to a person, its
    // reminder goes to them rather than the team.
    await one.staff.addStaff({ email: "naledi@amanzi.example", name: "Naledi", owner: false }, now);
    const naledi = await one.staff.staffByEmail("naledi@amanzi.example");
    await one.inbox.setRoutes({ support: naledi?.id });
    const lerato = await two.saveEnquiry(
      sampleEnquiry({
        name: "Lerato\r\nBcc: evil@example.com",
        email: "lerato@example.co.za",
        enquiryType: "support",
      }),
      sast("2026-11-30 08:10"),
      mailOnly,
    );

    expect(await both("2026-11-30 08:29")).toEqual([
      { sent: 0, failed: 0 },
      { sent: 0, failed: 0 },
    ]);
    const [first, second] = await both("2026-11-30 08:30");
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [reminder] = smtp.received;
    expect(reminder?.to).toEqual(["sales@amanzi.example"]);
    expect(reminder?.subject).toBe("No reply yet: website enquiry (consultation) from Thandi");
    expect(reminder?.messageId).toBe(`<reply-reminder-${thandi.id}@amanzi.example>`);
    expect(reminder?.raw).toContain(`In-Reply-To: <enquiry-${thandi.id}@amanzi.example>`);
    expect(reminder?.text).toContain("has waited 1 h of business hours");
    expect(reminder?.text).toContain("Received: 2026-11-27 16:30 SAST");
    expect(reminder?.text).toContain("thandi@example.co.za");
    expect(reminder?.text).not.toContain("Secret words");

    // A refused mail leaves the claim free for the next look; another instance dying
    // mid-send holds it until its lease runs out. Each enquiry is reminded once.
    failNext = true;
    expect(await sendReplyReminders(remindersOf(one), sast("2026-11-30 09:10"))).toMatchObject({
      sent: 0,
      failed: 1,
    });
    expect(await two.replies.claimReminder(lerato.id, sast("2026-11-30 09:11"), 60_000)).toEqual({
      id: lerato.id,
      lease: expect.any(String),
    });
    await both("2026-11-30 09:11");
    expect(subjects()).toHaveLength(1);
    await both("2026-11-30 09:12");
    await both("2026-11-30 10:00");
    expect(subjects()).toEqual([
      "No reply yet: website enquiry (consultation) from Thandi",
      "No reply yet: website enquiry (support) from Lerato Bcc: evil@example.com",
    ]);
    expect(smtp.received.map((mail) => mail.to)).toEqual([
      [addresses.to],
      ["naledi@amanzi.example"],
    ]);
    expect(smtp.received[1]?.raw).not.toMatch(/^Bcc:/im);
    transport.close();
  });
});

test("are sent by the running service when mail is set", async ({
  sqliteStore,
  databasePath,
  startMailingService,
}) => {
  const week = 7 * 24 * 60 * 60_000;
  await sqliteStore.saveEnquiry(from("Thandi"), new Date(Date.now() - week), mailOnly);
  const { smtp } = await startMailingService({ DATABASE_URL: `file:${databasePath}` });
  const reminder = await vi.waitFor(() => {
    const found = smtp.received.find((mail) => mail.subject?.startsWith("No reply yet"));
    if (!found) throw new Error("no reminder yet");
    return found;
  }, 10_000);
  expect(reminder.subject).toBe("No reply yet: website enquiry (consultation) from Thandi");
});
