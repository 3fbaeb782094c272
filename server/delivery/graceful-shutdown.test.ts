import { describe, expect, it } from "vitest";
import { startSmtpPeer } from "../../tests/support/smtp-peer";
import { storeKinds } from "../../tests/support/store-kinds";
import { mailTo, postValidEnquiry, startTestService } from "../../tests/support/test-service";
import { waitFor } from "../../tests/support/wait-for";
import { openEnquiryStore } from "../store/open-enquiry-store";

describe.each(storeKinds)("on $name", (kind) => {
  it("finishes the delivery in progress before closing the store on shutdown", async () => {
    const smtp = await startSmtpPeer({ ackDelayMs: 700 });
    const databaseUrl = await kind.newDatabaseUrl();
    const service = await startTestService({
      DATABASE_URL: databaseUrl,
      ...mailTo(smtp.port),
    });
    try {
      const result = await postValidEnquiry(service.baseUrl);
      expect(result.status).toBe(201);
      await waitFor("the mail to be mid-delivery", () => (smtp.started() > 0 ? true : undefined));
      expect(smtp.received).toHaveLength(0);

      await service.app.close();

      expect(smtp.received).toHaveLength(1);
      const store = await openEnquiryStore(databaseUrl);
      const [record] = await store.listEnquiries();
      await store.close();
      expect(record?.id).toBe(result.json?.id);
      expect(record?.delivery.status).toBe("delivered");
      // Closed means closed: no new connections.
      await expect(fetch(`${service.baseUrl}/healthz`)).rejects.toThrow();
    } finally {
      await service.close();
      await smtp.close();
    }
  });
});
