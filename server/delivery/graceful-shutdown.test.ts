import { expect, it } from "vitest";
import { openSqliteEnquiryStore } from "../store/sqlite-enquiry-store";
import { startSmtpPeer } from "../test-support/smtp-peer";
import {
  openSession,
  postEnquiry,
  startTestService,
  validEnquiry,
} from "../test-support/test-service";
import { waitFor } from "../test-support/wait-for";

it("finishes the delivery in progress before closing the store on shutdown", async () => {
  const smtp = await startSmtpPeer({ ackDelayMs: 700 });
  const service = await startTestService({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: "website@amanzi.example",
    ENQUIRY_TO: "sales@amanzi.example",
  });
  try {
    const result = await postEnquiry(
      service.baseUrl,
      await openSession(service.baseUrl),
      validEnquiry(),
    );
    expect(result.status).toBe(201);
    await waitFor("the mail to be mid-delivery", () => (smtp.started() > 0 ? true : undefined));
    expect(smtp.received).toHaveLength(0);

    await service.app.close();

    expect(smtp.received).toHaveLength(1);
    const store = openSqliteEnquiryStore(service.databasePath);
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
