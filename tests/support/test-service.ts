import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/build-app";
import { loadConfig } from "../../server/config";
import { openEnquiryStore } from "../../server/store/open-enquiry-store";
import { writeFixtureSite } from "./fixture-site";
import { sampleEnquiry, samplePayload } from "./sample-enquiry";

export type BuiltService = Awaited<ReturnType<typeof buildTestService>>;
export type TestService = Awaited<ReturnType<typeof startTestService>>;

/** The real app, started but on no port, for `app.inject()`: a fixture site, a fresh SQLite file. */
export async function buildTestService(
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
  await app.ready();
  return {
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

/** The same app on a free loopback port, for the tests where a socket is the point. */
export async function startTestService(
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
) {
  const service = await buildTestService(env, options);
  return { ...service, baseUrl: await service.app.listen({ host: "127.0.0.1", port: 0 }) };
}

/** The send call's body for the sample enquiry, with markup where escaping matters. */
export function validEnquiry(overrides: Record<string, unknown> = {}) {
  const enquiry = sampleEnquiry({
    name: "Thandi <b>Nkosi</b> & Co",
    message: `Please call me about <script>alert("meters")</script> & 'valves'.`,
  });
  return { ...samplePayload(enquiry), ...overrides };
}

/**
 * The send call as the contact form makes it, to an app (through `inject`) or to a server's
 * address; `headers` add to or replace the browser's, which say it comes from our own page.
 */
export async function postEnquiry(
  to: FastifyInstance | string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const url = "/api/Comms/ValidateEmailTokens";
  const sent = {
    method: "POST" as const,
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
  const { status, text } =
    typeof to === "string"
      ? await fetch(`${to}${url}`, sent).then(async (r) => ({
          status: r.status,
          text: await r.text(),
        }))
      : await to.inject({ ...sent, url }).then((r) => ({ status: r.statusCode, text: r.body }));
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status, json, text };
}

/** Posts one valid enquiry, as the contact form does. */
export const postValidEnquiry = (app: FastifyInstance) => postEnquiry(app, validEnquiry());

/** Server settings that mail enquiries to an SMTP peer on this machine. */
export function mailTo(smtpPort: number) {
  return {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "website@amanzi.example",
    ENQUIRY_TO: "sales@amanzi.example",
  };
}
