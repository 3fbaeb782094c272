import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as baseTest } from "vitest";
import { type DayBatch, emptyCount } from "../../server/store/insights-store";
import { openEnquiryStore, openSqliteEnquiryStore } from "../../server/store/open-enquiry-store";
import type { Visit } from "../../server/store/schema";
import { type ServerProcess, spawnServer } from "./server-process";
import { startSmtpPeer } from "./smtp-peer";
import { buildTestService, mailTo, startTestService } from "./test-service";
import { startWebhookReceiver } from "./webhook-receiver";

type Cleanup = { onCleanup(cleanup: () => unknown): void };

export const close = (part: { close(): unknown }) => part.close();

/**
 * A fixture that opens one part when first used and closes it at the end of the fixture's
 * scope (the test, or with `{ scope: "file" }` the file), whether the tests passed or not.
 */
export function part<Part>(open: () => Part | Promise<Part>, shut: (part: Part) => unknown) {
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's needs from this pattern; the part needs none
  return async ({}, { onCleanup }: Cleanup) => {
    const opened = await open();
    onCleanup(() => shut(opened));
    return opened;
  };
}

/**
 * A fixture that hands the test a function opening parts of one kind, as many as it asks for
 * and with what settings it needs; each is closed after the test, last opened first. One that
 * failed to open, or is still opening when the test fails, is closed once it has settled.
 */
function opener<Args extends unknown[], Part>(
  open: (...args: Args) => Part,
  shut: (part: Awaited<Part>) => unknown,
) {
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's needs from this pattern; an opener needs none
  return ({}, { onCleanup }: Cleanup) => {
    const opened: Promise<Awaited<Part> | undefined>[] = [];
    onCleanup(async () => {
      for (const settled of opened.reverse()) {
        const part = await settled;
        if (part !== undefined) await shut(part);
      }
    });
    return (...args: Args): Part => {
      const part = open(...args);
      opened.push(Promise.resolve(part).catch(() => undefined));
      return part;
    };
  };
}

/** A server process (main.ts), killed if it still runs, and awaited until it has exited. */
async function stop(server: ServerProcess) {
  if (server.child.exitCode === null && server.child.signalCode === null)
    server.child.kill("SIGKILL");
  await server.exited;
}

/**
 * Vitest's `test` (and `it`) with the parts a server test opens as fixtures, each closed after
 * the test. Vitest tears fixtures down in the reverse of the order they are declared here: services and
 * server processes first, then the stores, the peers they talked to, and last the temporary
 * folder their files were in.
 */
export const test = baseTest
  .extend(
    "tempDir",
    part(
      () => mkdtempSync(join(tmpdir(), "server-test-")),
      (dir) => rmSync(dir, { recursive: true, force: true }),
    ),
  )
  .extend("startSmtpPeer", opener(startSmtpPeer, close))
  .extend("startWebhookReceiver", opener(startWebhookReceiver, close))
  .extend("openStore", opener(openEnquiryStore, close))
  .extend("openSqliteStore", opener(openSqliteEnquiryStore, close))
  .extend("databasePath", ({ tempDir }) => join(tempDir, "enquiries.db"))
  /** A SQLite store at `databasePath`, for a test of the store's users. */
  .extend("sqliteStore", ({ databasePath, openSqliteStore }) => openSqliteStore(databasePath))
  /** The app to ask through `inject`; `startService` puts it on a port, where one is the point. */
  .extend("buildService", opener(buildTestService, close))
  .extend("startService", opener(startTestService, close))
  /** A service that mails enquiries to an SMTP peer of its own; `env` adds to its settings. */
  .extend("startMailingService", ({ startSmtpPeer, buildService }) => {
    return async (env: Record<string, string> = {}) => {
      const smtp = await startSmtpPeer();
      return { smtp, service: await buildService({ ...mailTo(smtp.port), ...env }) };
    };
  })
  .extend("spawnServer", opener(spawnServer, stop))
  /** Anything else the test opens, handed over once open: closed before every part above. */
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's needs from this pattern; it needs none
  .extend("closeAfter", ({}, cleanup: Cleanup) => {
    const closeLater = opener((part: { close(): unknown }) => part, close)({}, cleanup);
    return <Part extends { close(): unknown }>(part: Part) => closeLater(part) as Part;
  });

const fromSearch: Visit = {
  entry: "/",
  source: "google.com",
  medium: "",
  campaign: "",
  device: "phone",
};
const fromMail: Visit = {
  entry: "/hardware",
  source: "newsletter",
  medium: "email",
  campaign: "spring",
  device: "desktop",
};

/**
 * One day's counts as an instance's counter hands them to the store: visitor a from a search on
 * a phone, on / then /contact; visitor b from a mailing on a desktop, on /hardware.
 */
export const dayBatch = (day: string, overrides: Partial<DayBatch> = {}): DayBatch => ({
  day,
  counts: [
    { ...emptyCount(day, "total", ""), pageviews: 3 },
    { ...emptyCount(day, "page", "/"), pageviews: 1 },
    { ...emptyCount(day, "page", "/contact"), pageviews: 1 },
    { ...emptyCount(day, "page", "/hardware"), pageviews: 1 },
    { ...emptyCount(day, "device", "phone"), pageviews: 2 },
    { ...emptyCount(day, "device", "desktop"), pageviews: 1 },
  ],
  visitors: [
    { hash: "a", visit: fromSearch },
    { hash: "b", visit: fromMail },
  ],
  visitorPages: [
    { hash: "a", path: "/" },
    { hash: "a", path: "/contact" },
    { hash: "b", path: "/hardware" },
  ],
  enquiries: [],
  ...overrides,
});
