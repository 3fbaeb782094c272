import { describe, expect } from "vitest";
import { freePort } from "../../tests/support/free-port";
import { it } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { mailTo, postValidEnquiry } from "../../tests/support/test-service";
import { waitFor } from "../../tests/support/wait-for";
import { openEnquiryStore } from "../store/open-enquiry-store";

describe.each(storeKinds)("on $name", (kind) => {
  it("accepts an enquiry while SMTP is down, delivers it once SMTP is back, and finishes that delivery before closing on shutdown", async ({
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
    const mailJob = async () => (await store.listEnquiries())[0]?.delivery.channels[0];
    try {
      // Several attempts fail while nothing listens; the enquiry stays pending, not lost.
      const failing = await waitFor("two failed attempts", async () => {
        const job = await mailJob();
        return job && job.attempts >= 2 ? job : undefined;
      });
      expect(failing.status).toBe("pending");
      expect(failing.lastError).toMatch(/ECONNREFUSED|connect/i);

      // Back, but slow to accept: the service is told to close while the mail is on its way.
      const smtp = await startSmtpPeer({ port: smtpPort, ackDelayMs: 700 });
      await waitFor("the mail to be mid-delivery", () => (smtp.started() > 0 ? true : undefined), {
        timeoutMs: 5_000,
      });
      expect(smtp.received).toHaveLength(0);
      await service.app.close();

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.raw).toContain(`<enquiry-${id}@amanzi.example>`);
      expect(smtp.received[0]?.to).toEqual(["sales@amanzi.example"]);
      expect(await mailJob()).toMatchObject({ status: "delivered" });
      expect((await mailJob())?.attempts).toBeGreaterThanOrEqual(3);
    } finally {
      await store.close();
    }
    // Closed means closed: no new connections.
    await expect(fetch(`${service.baseUrl}/healthz`)).rejects.toThrow();
  });
});
