import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/free-port";
import { type SmtpPeer, startSmtpPeer } from "../../tests/support/smtp-peer";
import { storeKinds } from "../../tests/support/store-kinds";
import {
  mailTo,
  postValidEnquiry,
  startTestService,
  type TestService,
} from "../../tests/support/test-service";
import { waitFor } from "../../tests/support/wait-for";
import { openEnquiryStore } from "../store/open-enquiry-store";

let service: TestService | undefined;
let smtp: SmtpPeer | undefined;
afterEach(async () => {
  await service?.close();
  await smtp?.close();
});

describe.each(storeKinds)("on $name", (kind) => {
  it("accepts an enquiry while SMTP is down and delivers it once SMTP is back", async () => {
    const smtpPort = await freePort();
    const databaseUrl = await kind.newDatabaseUrl();
    service = await startTestService({
      DATABASE_URL: databaseUrl,
      ...mailTo(smtpPort),
      DELIVERY_RETRY_BASE_MS: "100",
      DELIVERY_RETRY_CAP_MS: "400",
    });
    const running = service;
    const result = await postValidEnquiry(running.baseUrl);
    expect(result.status).toBe(201);
    const id = String(result.json?.id);

    const store = await openEnquiryStore(databaseUrl);
    try {
      // Several attempts fail while nothing listens; the enquiry stays pending, not lost.
      const failing = await waitFor("two failed attempts", async () => {
        const record = (await store.listEnquiries()).find((e) => e.id === id);
        const mailJob = record?.delivery.channels[0];
        return mailJob && mailJob.attempts >= 2 ? mailJob : undefined;
      });
      expect(failing.status).toBe("pending");
      expect(failing.lastError).toMatch(/ECONNREFUSED|connect/i);

      smtp = await startSmtpPeer({ port: smtpPort });
      const peer = smtp;
      const mail = await waitFor(
        "delivery after SMTP returns",
        () => peer.received.find((m) => m.raw.includes(`<enquiry-${id}@amanzi.example>`)),
        { timeoutMs: 5_000 },
      );
      expect(mail.to).toEqual(["sales@amanzi.example"]);
      const delivered = await waitFor("delivery to be recorded", async () => {
        const record = (await store.listEnquiries()).find((e) => e.id === id);
        return record?.delivery.status === "delivered" ? record : undefined;
      });
      expect(delivered.delivery.channels[0]?.attempts).toBeGreaterThanOrEqual(3);
      expect(peer.received).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
