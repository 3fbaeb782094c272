import { describe, expect } from "vitest";
import { freePort } from "../../tests/support/free-port";
import { it } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { mailTo, postValidEnquiry } from "../../tests/support/test-service";
import { waitFor } from "../../tests/support/wait-for";
import { openEnquiryStore } from "../store/open-enquiry-store";

describe.each(storeKinds)("on $name", (kind) => {
  it("accepts an enquiry while SMTP is down and delivers it once SMTP is back", async ({
    startService,
    startSmtpPeer,
    tempDir,
  }) => {
    const smtpPort = await freePort();
    const databaseUrl = await kind.newDatabaseUrl(tempDir);
    const service = await startService({
      DATABASE_URL: databaseUrl,
      ...mailTo(smtpPort),
      DELIVERY_RETRY_BASE_MS: "100",
      DELIVERY_RETRY_CAP_MS: "400",
    });
    const result = await postValidEnquiry(service.baseUrl);
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

      const smtp = await startSmtpPeer({ port: smtpPort });
      const mail = await waitFor(
        "delivery after SMTP returns",
        () => smtp.received.find((m) => m.raw.includes(`<enquiry-${id}@amanzi.example>`)),
        { timeoutMs: 5_000 },
      );
      expect(mail.to).toEqual(["sales@amanzi.example"]);
      const delivered = await waitFor("delivery to be recorded", async () => {
        const record = (await store.listEnquiries()).find((e) => e.id === id);
        return record?.delivery.status === "delivered" ? record : undefined;
      });
      expect(delivered.delivery.channels[0]?.attempts).toBeGreaterThanOrEqual(3);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
