import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect } from "vitest";
import { writeFixtureSite } from "../tests/support/fixture-site";
import { it } from "../tests/support/server-test";
import { storeKinds } from "../tests/support/store-kinds";
import { mailTo, postValidEnquiry } from "../tests/support/test-service";
import { waitFor } from "../tests/support/wait-for";

const dir = mkdtempSync(join(tmpdir(), "crash-recovery-"));
const siteRoot = join(dir, "site");
writeFixtureSite(siteRoot);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(storeKinds)("on $name", (kind) => {
  // Two real server processes: allow for a busy two-core machine.
  it("keeps an enquiry through a SIGKILL right after the 201, and delivers it after restart", {
    timeout: 90_000,
  }, async ({ startSmtpPeer, spawnServer, openStore, tempDir }) => {
    const databaseUrl = await kind.newDatabaseUrl(tempDir);
    const baseEnv = { SITE_ROOT: siteRoot, DATABASE_URL: databaseUrl };
    // First life: no mail server configured, so the enquiry can only be in the store.
    const first = await spawnServer(baseEnv);
    const result = await postValidEnquiry(first.baseUrl);
    first.child.kill("SIGKILL");
    expect(result.status).toBe(201);
    const id = String(result.json?.id);
    expect((await first.exited).signal).toBe("SIGKILL");

    const store = await openStore(databaseUrl);
    expect((await store.listEnquiries()).map((e) => [e.id, e.delivery.status])).toEqual([
      [id, "pending"],
    ]);

    // Second life, now with a mail server: the pending enquiry goes out without a new request.
    const smtp = await startSmtpPeer();
    const second = await spawnServer({ ...baseEnv, ...mailTo(smtp.port) });
    await waitFor("delivery after restart", () =>
      smtp.received.find((m) => m.raw.includes(`<enquiry-${id}@amanzi.example>`)),
    );

    // Read by another connection while the server runs, as an operator's command would.
    await waitFor("the store to record the delivery", async () => {
      const [record] = await store.listEnquiries();
      return record?.delivery.status === "delivered" ? record : undefined;
    });

    // SIGTERM: a clean exit, and logs free of what the visitor typed.
    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(second.output()).toContain("enquiry delivered");
    for (const personal of ["Thandi", "thandi@example.co.za", "0821234567"]) {
      expect(first.output() + second.output()).not.toContain(personal);
    }
  });
});
