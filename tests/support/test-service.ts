import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { buildApp } from "../../server/build-app";
import { loadConfig } from "../../server/config";
import { openEnquiryStore } from "../../server/store/open-enquiry-store";
import { writeFixtureSite } from "./fixture-site";
import { sampleEnquiry, samplePayload } from "./sample-enquiry";

export type TestService = Awaited<ReturnType<typeof startTestService>>;

/** The real app on a free loopback port, over a fixture site and a fresh SQLite file. */
export async function startTestService(
  env: Record<string, string> = {},
  { now }: { now?: () => Date } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), "enquiry-service-"));
  const siteRoot = join(dir, "site");
  writeFixtureSite(siteRoot);
  const defaultDatabasePath = join(dir, "data", "enquiries.db");
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString("utf8"));
      callback();
    },
  });
  const config = loadConfig({
    SITE_ROOT: siteRoot,
    DATABASE_URL: `file:${defaultDatabasePath}`,
    LOG_LEVEL: "info",
    ...env,
  });
  // The test's own DATABASE_URL, if it gave one, opened as main.ts opens it.
  const store = await openEnquiryStore(config.databaseUrl);
  const databasePath = config.databaseUrl.startsWith("file:")
    ? config.databaseUrl.slice("file:".length)
    : defaultDatabasePath;
  const app = await buildApp(config, { store, logStream, now });
  return {
    baseUrl: await app.listen({ host: "127.0.0.1", port: 0 }),
    app,
    /** The store the service writes, to read what it stored (open until `close`). */
    store,
    dir,
    databasePath,
    /** Every log line the service wrote, for checking what logs may not hold. */
    logs,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a browser says of a send call made by one of the site's own pages (Fetch Metadata). */
export const fromOurPage = (baseUrl: string) => ({
  origin: baseUrl,
  "sec-fetch-site": "same-origin",
});

/** The send call's body for the sample enquiry, with markup where escaping matters. */
export function validEnquiry(overrides: Record<string, unknown> = {}) {
  const enquiry = sampleEnquiry({
    name: "Thandi <b>Nkosi</b> & Co",
    message: `Please call me about <script>alert("meters")</script> & 'valves'.`,
  });
  return { ...samplePayload(enquiry), ...overrides };
}

/** The send call as the contact form makes it; `headers` add to or replace the browser's. */
export async function postEnquiry(
  baseUrl: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}/api/Comms/ValidateEmailTokens`, {
    method: "POST",
    headers: { "content-type": "application/json", ...fromOurPage(baseUrl), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, json, text };
}

/** Posts one valid enquiry, as the contact form does. */
export async function postValidEnquiry(baseUrl: string) {
  return postEnquiry(baseUrl, validEnquiry());
}

/** Server settings that mail enquiries to an SMTP peer on this machine. */
export function mailTo(smtpPort: number) {
  return {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "website@amanzi.example",
    ENQUIRY_TO: "sales@amanzi.example",
  };
}
