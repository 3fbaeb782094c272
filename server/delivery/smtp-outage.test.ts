import { expect, vi } from "vitest";
import { freePort } from "../../tests/support/free-port";
import { test } from "../../tests/support/server-test";
import { mailTo, postValidEnquiry } from "../../tests/support/test-service";

// On SQLite: each store kind's claims and failed attempts are server/store/enquiry-store.test.ts's.
// A real port: that the closed service takes no new connection is part of the point.
test("accepts an enquiry while SMTP is down, delivers it once SMTP is back, and finishes that delivery before closing on shutdown", async ({
  startService,
  startSmtpPeer,
}) => {
  const smtpPort = await freePort();
  const service = await startService({
    ...mailTo(smtpPort),
    DELIVERY_RETRY_BASE_MS: "100",
    DELIVERY_RETRY_CAP_MS: "400",
  });
  const result = await postValidEnquiry(service.app);
  expect(result.status).toBe(201);
  const id = String(result.json?.id);
  const mailJob = async () => (await service.store.listEnquiries())[0]?.delivery.channels[0];

  // Several attempts fail while nothing listens; the enquiry stays pending, not lost.
  const failing = await vi.waitFor(async () => {
    const job = await mailJob();
    if (!job || job.attempts < 2) throw new Error("fewer than two failed attempts");
    return job;
  }, 10_000);
  expect(failing.status).toBe("pending");
  expect(failing.lastError).toMatch(/ECONNREFUSED|connect/i);

  // Back, but slow to accept: the service is told to close while the mail is on its way.
  const smtp = await startSmtpPeer({ port: smtpPort, ackDelayMs: 700 });
  await vi.waitFor(() => expect(smtp.started(), "mails under way").toBeGreaterThan(0), 5_000);
  expect(smtp.received).toHaveLength(0);
  await service.app.close();

  expect(smtp.received).toHaveLength(1);
  const [mail] = smtp.received;
  expect(mail?.raw).toContain(`<enquiry-${id}@amanzi.example>`);
  expect([mail?.to, mail?.from]).toEqual([["sales@amanzi.example"], "website@amanzi.example"]);
  expect(await mailJob()).toMatchObject({ status: "delivered" });
  expect((await mailJob())?.attempts).toBeGreaterThanOrEqual(3);
  // Closed means closed: no new connections.
  await expect(fetch(`${service.baseUrl}/healthz`)).rejects.toThrow();
});
