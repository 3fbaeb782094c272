import { createTransport } from "nodemailer";
import { describe, expect, vi } from "vitest";
import { mailOnly, sampleEnquiry } from "../../tests/support/sample-enquiry";
import { test } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { mailTo } from "../../tests/support/test-service";
import { smtpTransportOptions } from "../smtp";
import type { EnquiryStore } from "../store/enquiry-store";
import { sendHeldDigest } from "./held-digest";

const addresses = { from: "website@amanzi.example", to: "sales@amanzi.example" };
const onDay = (day: number) => new Date(`2026-03-0${day}T07:00:00.000Z`);
const hold = { reason: "low_score 0.2" };
const from = (name: string) =>
  sampleEnquiry({ name, email: `${name.toLowerCase()}@example.co.za`, message: "Secret words" });

describe.each(storeKinds)("the held digest on the $name store", (kind) => {
  test("mails the team once a day, from one of several instances, naming who was held since the last one", async ({
    tempDir,
    openStore,
    startSmtpPeer,
  }) => {
    const url = await kind.newDatabaseUrl(tempDir);
    const [one, two] = [await openStore(url), await openStore(url)];
    const smtp = await startSmtpPeer();
    const transport = createTransport(smtpTransportOptions(mailTo(smtp.port).SMTP_URL));
    let failNext = false;
    const digestOf = (store: EnquiryStore) => ({
      store,
      addresses,
      leaseMs: 60_000,
      send: async (mail: Parameters<typeof transport.sendMail>[0]) => {
        if (failNext) {
          failNext = false;
          throw new Error("mail server down");
        }
        return transport.sendMail(mail);
      },
    });
    const both = async (now: Date) =>
      (await Promise.all([one, two].map((s) => sendHeldDigest(digestOf(s), now)))).sort();

    await one.saveEnquiry(from("Thandi"), onDay(1), mailOnly, hold);
    await two.saveEnquiry(from("Sipho"), onDay(1), mailOnly, { reason: "verifier_unreachable" });
    await one.saveEnquiry(from("Accepted"), onDay(1), mailOnly);
    expect(await both(onDay(1))).toEqual([0, 2]);
    expect(smtp.received).toHaveLength(1);
    const [digest] = smtp.received;
    expect(digest?.to).toEqual(["sales@amanzi.example"]);
    expect(digest?.messageId).toBe("<held-digest-2026-03-01@amanzi.example>");
    expect(digest?.subject).toBe("Held enquiries: 2 enquiries waiting for a person");
    expect(digest?.text).toMatch(/^- Thandi <thandi@example\.co\.za>, .*held for low_score 0\.2/m);
    expect(digest?.text).toMatch(/^- Sipho <sipho@example\.co\.za>, .*verifier_unreachable/m);
    expect(digest?.text).toContain("npm run enquiries -- held");
    expect(digest?.text).not.toMatch(/Accepted|Secret words/);

    // Held later the same day: told of the next day, not in a second mail today.
    const lerato = await two.saveEnquiry(from("Lerato"), onDay(1), mailOnly, hold);
    expect(await both(onDay(1))).toEqual([0, 0]);
    // A failed send leaves the day's digest to the next look, which sends it.
    failNext = true;
    await expect(sendHeldDigest(digestOf(one), onDay(2))).rejects.toThrow("mail server down");
    expect(await both(onDay(2))).toEqual([0, 1]);
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      "Held enquiries: 2 enquiries waiting for a person",
      "Held enquiries: 1 enquiry waiting for a person",
    ]);
    expect(smtp.received[1]?.text).toContain(`Lerato <lerato@example.co.za>`);
    expect(smtp.received[1]?.text).not.toContain("Thandi");
    expect(smtp.received[1]?.text).toContain(lerato.id);
    // Nothing new held: no mail.
    expect(await both(onDay(3))).toEqual([0, 0]);
    expect(smtp.received).toHaveLength(2);
    transport.close();
  });
});

test("is sent by the running service when mail is set", async ({
  sqliteStore,
  databasePath,
  startMailingService,
}) => {
  await sqliteStore.saveEnquiry(from("Thandi"), new Date(), mailOnly, hold);
  const { smtp } = await startMailingService({ DATABASE_URL: `file:${databasePath}` });
  const digest = await vi.waitFor(() => {
    const [first] = smtp.received;
    if (!first) throw new Error("no digest yet");
    return first;
  }, 10_000);
  expect(digest.subject).toBe("Held enquiries: 1 enquiry waiting for a person");
});
