import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { openSqliteEnquiryStore } from "../../server/store/sqlite-enquiry-store";
import { spawnServer } from "./server-process";
import { startSmtpPeer } from "./smtp-peer";
import { startTestService } from "./test-service";
import { startVerifierStandIn, type VerifierAnswer } from "./verifier-stand-in";
import { startWebhookReceiver } from "./webhook-receiver";

/**
 * The parts a server test opens (the service, its peers, stores, temporary folders), each
 * closed after the test, last opened first, whether the test passed or not. Call once at the
 * top of a test file.
 */
export function testPartsClosedAfterEach() {
  const closers: (() => unknown)[] = [];
  afterEach(async () => {
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
    /** A server process (main.ts), killed after the test if it still runs. */
    serverProcess: async (...args: Parameters<typeof spawnServer>) => {
      const server = await spawnServer(...args);
      closers.push(async () => {
        if (server.child.exitCode === null && server.child.signalCode === null)
          server.child.kill("SIGKILL");
        await server.exited;
      });
      return server;
    },
    tempDir: (prefix = "server-test-") => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      closers.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
  };
}
