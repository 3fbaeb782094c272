import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach } from "vitest";
import { openEnquiryStore } from "../../server/store/open-enquiry-store";
import { openSqliteEnquiryStore } from "../../server/store/sqlite-enquiry-store";
import { spawnServer } from "./server-process";
import { startSmtpPeer } from "./smtp-peer";
import { startTestService } from "./test-service";
import { startVerifierStandIn, type VerifierAnswer } from "./verifier-stand-in";
import { startWebhookReceiver } from "./webhook-receiver";

/**
 * The parts a server test opens (the service, its peers, stores, temporary folders), each
 * closed after the test, last opened first, whether the test passed or not. Call once at the
 * top of a test file (or of a describe block, for the parts of its tests).
 */
export function testPartsClosedAfterEach() {
  return testParts(afterEach);
}

/**
 * The same parts, closed once after every test of the file (or describe block) has run: for a
 * service or peer the tests share. Open them in beforeAll.
 */
export function testPartsClosedAfterAll() {
  return testParts(afterAll);
}

function testParts(closeAfter: (close: () => Promise<void>) => void) {
  const closers: (() => unknown)[] = [];
  closeAfter(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  const track = <T extends { close(): unknown }>(part: T): T => {
    closers.push(() => part.close());
    return part;
  };
  return {
    service: async (env: Record<string, string> = {}) => track(await startTestService(env)),
    smtpPeer: async (options?: Parameters<typeof startSmtpPeer>[0]) =>
      track(await startSmtpPeer(options)),
    webhookReceiver: async (options?: { port?: number }) =>
      track(await startWebhookReceiver(options)),
    verifier: async (answer: (request: URLSearchParams) => VerifierAnswer) =>
      track(await startVerifierStandIn(answer)),
    sqliteStore: (path: string, options?: Parameters<typeof openSqliteEnquiryStore>[1]) =>
      track(openSqliteEnquiryStore(path, options)),
    /** A store of either kind, by its DATABASE_URL. */
    store: async (databaseUrl: string) => track(await openEnquiryStore(databaseUrl)),
    /**
     * A server process (main.ts), killed after the test if it still runs: also one still
     * starting when the test failed, once it has started or given up.
     */
    serverProcess: (...args: Parameters<typeof spawnServer>) => {
      const starting = spawnServer(...args);
      closers.push(async () => {
        const server = await starting.catch(() => undefined);
        if (!server) return;
        if (server.child.exitCode === null && server.child.signalCode === null)
          server.child.kill("SIGKILL");
        await server.exited;
      });
      return starting;
    },
    tempDir: (prefix = "server-test-") => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      closers.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    /** Anything else the test opens, closed in turn with the parts. */
    onClose: (close: () => unknown) => {
      closers.push(close);
    },
  };
}
