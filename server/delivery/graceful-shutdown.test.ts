import { describe, expect } from "vitest";
import { it } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { mailTo, postValidEnquiry } from "../../tests/support/test-service";
import { waitFor } from "../../tests/support/wait-for";
import { openEnquiryStore } from "../store/open-enquiry-store";

describe.each(storeKinds)("on $name", (kind) => {
  it("finishes the delivery in progress before closing the store on shutdown", async ({
    startService,
    startSmtpPeer,
    tempDir,
  }) => {
    const smtp = await startSmtpPeer({ ackDelayMs: 700 });
    const databaseUrl = await kind.newDatabaseUrl(tempDir);
    const service = await startService({
      DATABASE_URL: databaseUrl,
      ...mailTo(smtp.port),
    });
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
  });
});
