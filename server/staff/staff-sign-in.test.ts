import SqliteDatabase from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, vi } from "vitest";
import { test } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { createTestDatabase } from "../../tests/support/test-database";
import { mailTo } from "../../tests/support/test-service";
import { codeSeconds, signInLimits, triesPerCode } from "./staff-sign-in";

// Staff sign-in end to end on each store: the real app (through app.inject), a real SMTP peer
// for the codes, the session checked by the insights dashboard.

const thandi = { email: "thandi@amanzi.example", name: "Thandi Nkosi", owner: true };
const ourPage = { "sec-fetch-site": "same-origin" };

afterEach(() => {
  vi.useRealTimers();
});

type Browser = { cookies: Map<string, string>; ip: string };
const browser = (ip = "198.51.100.7"): Browser => ({ cookies: new Map(), ip });

/** A request as a browser sends it from our page, keeping the cookies it is given. */
async function send(
  app: FastifyInstance,
  who: Browser,
  method: "GET" | "POST",
  url: string,
  form?: Record<string, string>,
  headers: Record<string, string> = ourPage,
) {
  const response = await app.inject({
    method,
    url,
    remoteAddress: who.ip,
    headers: {
      ...headers,
      cookie: [...who.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    payload: form && new URLSearchParams(form).toString(),
  });
  for (const cookie of response.cookies) {
    if (cookie.maxAge === 0) who.cookies.delete(cookie.name);
    else who.cookies.set(cookie.name, cookie.value);
  }
  return response;
}

const askForCode = (app: FastifyInstance, who: Browser, email: string) =>
  send(app, who, "POST", "/admin/sign-in", { email });
const enterCode = (app: FastifyInstance, who: Browser, code: string) =>
  send(app, who, "POST", "/admin/sign-in/code", { code });
const insights = (app: FastifyInstance, who: Browser) =>
  send(app, who, "GET", "/admin/insights").then((response) => response.statusCode);

type Smtp = { received: { to: string[]; text: string | undefined }[] };
/** The code of the `nth` mail (from 1), once it has arrived. */
const mailedCode = (smtp: Smtp, nth: number) =>
  vi.waitFor(() => {
    const code = /\b(\d{6})\b/.exec(smtp.received[nth - 1]?.text ?? "")?.[1];
    if (!code) throw new Error(`no sign-in mail ${nth} yet`);
    return code;
  }, 10_000);

describe.each(storeKinds)("staff sign-in on the $name store", (kind) => {
  const it = test.extend("staff", async ({ tempDir, startSmtpPeer, buildService }) => {
    const smtp = await startSmtpPeer();
    const databaseUrl = await kind.newDatabaseUrl(tempDir);
    const start = () => buildService({ DATABASE_URL: databaseUrl, ...mailTo(smtp.port) });
    const service = await start();
    await service.store.staff.addStaff(thandi, new Date());
    return { smtp, service, app: service.app, start };
  });

  it("signs a member of staff in with a mailed code that works once, and out again", async ({
    staff: { smtp, app },
  }) => {
    const who = browser();
    expect(await insights(app, who)).toBe(401);
    const asked = await askForCode(app, who, "Thandi@Amanzi.example");
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe("/admin/sign-in/code");
    const code = await mailedCode(smtp, 1);
    expect(smtp.received[0]?.to).toEqual([thandi.email]);

    const signedIn = await enterCode(app, who, code);
    expect(signedIn.statusCode).toBe(303);
    // To the signed-in page, which offers a passkey to one who has none.
    expect(signedIn.headers.location).toBe("/admin/sign-in");
    const session = signedIn.cookies.find((cookie) => cookie.name === "staff-session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/admin" });
    expect(session?.secure).toBeUndefined();
    expect(await insights(app, who)).toBe(200);
    const page = await send(app, who, "GET", "/admin/sign-in");
    expect(page.body).toContain(thandi.name);
    expect(page.body).toContain("Add a passkey");
    // Script from our own files only, never inline.
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'self';/);
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)/);

    // Used: the same code again, with the sign-in's cookie put back, opens nothing.
    const again = browser();
    await askForCode(app, again, thandi.email);
    const token = again.cookies.get("staff-sign-in") ?? "";
    const second = await mailedCode(smtp, 2);
    expect((await enterCode(app, again, second)).statusCode).toBe(303);
    again.cookies.set("staff-sign-in", token);
    expect((await enterCode(app, again, second)).statusCode).toBe(401);

    const out = await send(app, who, "POST", "/admin/sign-out");
    expect(out.headers.location).toBe("/admin/sign-in");
    expect(await insights(app, who)).toBe(401);
    // Signing out ends that session only.
    expect(await insights(app, again)).toBe(200);
  });

  it("answers an unknown address exactly as a known one, and mails it nothing", async ({
    staff: { smtp, app },
  }) => {
    const [stranger, known] = [browser(), browser()];
    const unknown = await askForCode(app, stranger, "nobody@amanzi.example");
    const asked = await askForCode(app, known, thandi.email);
    expect(unknown.statusCode).toBe(asked.statusCode);
    expect(unknown.headers.location).toBe(asked.headers.location);
    expect(unknown.cookies.map((c) => [c.name, c.maxAge])).toEqual(
      asked.cookies.map((c) => [c.name, c.maxAge]),
    );
    await mailedCode(smtp, 1);
    expect(smtp.received.map((mail) => mail.to)).toEqual([[thandi.email]]);
    expect((await enterCode(app, stranger, "000000")).statusCode).toBe(401);
  });

  it("takes a code for ten minutes only", async ({ staff: { smtp, app } }) => {
    const who = browser();
    await askForCode(app, who, thandi.email);
    const code = await mailedCode(smtp, 1);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + codeSeconds * 1000 + 1000);
    expect((await enterCode(app, who, code)).statusCode).toBe(401);
  });

  it("limits codes per address and per network address", async ({ staff: { app } }) => {
    // One address, whether staff's or not, from ever new networks.
    for (const email of [thandi.email, "nobody@amanzi.example"]) {
      const statuses: number[] = [];
      for (let n = 0; n <= signInLimits.codesPerAddress; n++)
        statuses.push((await askForCode(app, browser(`203.0.113.${n}`), email)).statusCode);
      expect(statuses, email).toEqual([...Array(signInLimits.codesPerAddress).fill(303), 429]);
    }
    // Ever new addresses from one network; another network is not held up.
    const network = browser("192.0.2.1");
    for (let n = 0; n < signInLimits.codesPerNetwork; n++)
      expect((await askForCode(app, network, `x${n}@amanzi.example`)).statusCode).toBe(303);
    expect((await askForCode(app, network, "y@amanzi.example")).statusCode).toBe(429);
    expect((await askForCode(app, browser("192.0.2.2"), "y@amanzi.example")).statusCode).toBe(303);
  });

  it("stops a code after a few wrong tries, and a network after many", async ({
    staff: { smtp, app },
  }) => {
    const guesser = browser();
    await askForCode(app, guesser, thandi.email);
    const code = await mailedCode(smtp, 1);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let n = 0; n < triesPerCode; n++)
      expect((await enterCode(app, guesser, wrong)).statusCode).toBe(401);
    expect((await enterCode(app, guesser, code)).statusCode).toBe(401);
    for (let n = triesPerCode + 1; n < signInLimits.triesPerNetwork; n++)
      expect((await enterCode(app, guesser, wrong)).statusCode).toBe(401);
    expect((await enterCode(app, guesser, wrong)).statusCode).toBe(429);
  });
});

test("a session made on one instance works on another, and signing out or removing the person ends it on both", async ({
  startSmtpPeer,
  buildService,
}) => {
  const smtp = await startSmtpPeer();
  const env = { DATABASE_URL: await createTestDatabase(), ...mailTo(smtp.port) };
  const { app: a } = await buildService(env);
  const { app: b } = await buildService(env);
  const { store } = await buildService(env);
  await store.staff.addStaff(thandi, new Date());

  const who = browser();
  await askForCode(a, who, thandi.email);
  expect((await enterCode(b, who, await mailedCode(smtp, 1))).statusCode).toBe(303);
  expect([await insights(a, who), await insights(b, who)]).toEqual([200, 200]);
  await send(a, who, "POST", "/admin/sign-out");
  who.cookies.set("staff-session", "a-stale-copy");
  expect([await insights(a, who), await insights(b, who)]).toEqual([401, 401]);

  const other = browser();
  await askForCode(b, other, thandi.email);
  await enterCode(a, other, await mailedCode(smtp, 2));
  expect(await insights(b, other)).toBe(200);
  expect(await store.staff.removeStaff(thandi.email.toUpperCase())).toBe(true);
  expect([await insights(a, other), await insights(b, other)]).toEqual([401, 401]);
});

test("refuses every staff form and passkey call a page of another site posts", async ({
  buildService,
}) => {
  const { app, store } = await buildService();
  await store.staff.addStaff(thandi, new Date());
  const forms = [
    ["/admin/sign-in", { email: thandi.email }],
    ["/admin/sign-in/code", { code: "123456" }],
    ["/admin/sign-out", {}],
    ["/admin/sign-in/passkey/options", {}],
    ["/admin/passkey/register/options", {}],
  ] as const;
  const elsewhere: Record<string, string>[] = [
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site" },
    { origin: "https://evil.example" },
  ];
  for (const [path, form] of forms) {
    for (const headers of elsewhere) {
      const response = await send(app, browser(), "POST", path, form, headers);
      expect(response.statusCode, `${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(response.json()).toEqual({ error: "cross_origin_request" });
    }
  }
});

test("without SMTP_URL writes the code to the log beside its warning, naming the person by id only", async ({
  buildService,
}) => {
  const { app, store, logs, databasePath } = await buildService();
  await store.staff.addStaff(thandi, new Date());
  const [{ id } = { id: "" }] = await store.staff.listStaff();
  const who = browser();
  await askForCode(app, who, thandi.email);
  const logged = logs.join("");
  expect(logged).toMatch(/SMTP_URL is not set: staff sign-in codes are written to this log/);
  const line = logs.find((entry) => /sign-in code \d/.test(entry)) ?? "";
  expect(JSON.parse(line)).toMatchObject({ staffId: id, msg: expect.stringMatching(/\d{6}/) });
  expect(logged).not.toContain(thandi.email);
  expect(logged).not.toContain("Thandi");
  const code = /sign-in code (\d{6})/.exec(line)?.[1] ?? "";
  const signInToken = who.cookies.get("staff-sign-in") ?? "";
  const file = new SqliteDatabase(databasePath, { readonly: true });
  const values = (table: string) =>
    file
      .prepare(`SELECT * FROM ${table}`)
      .all()
      .flatMap((row) => Object.values(row as object));
  const codes = values("staff_sign_in_codes");
  expect((await enterCode(app, who, code)).statusCode).toBe(303);
  const sessions = values("staff_sessions");
  file.close();
  // The store keeps hashes: neither the code, nor either cookie's token.
  expect(codes).toContainEqual(expect.stringMatching(/^[0-9a-f]{64}$/));
  expect(sessions).toContainEqual(expect.stringMatching(/^[0-9a-f]{64}$/));
  const tokens = [signInToken, who.cookies.get("staff-session") ?? "?"];
  for (const value of [...codes, ...sessions]) {
    expect(value).not.toBe(code);
    for (const token of tokens) expect(String(value)).not.toContain(token);
  }
});

test("marks its cookies Secure when the proxy it trusts says the visitor came over HTTPS", async ({
  buildService,
}) => {
  const { app } = await buildService({ TRUST_PROXY: "127.0.0.1" });
  const overHttps = { ...ourPage, "x-forwarded-proto": "https" };
  const proxy = browser("127.0.0.1");
  const response = await send(
    app,
    proxy,
    "POST",
    "/admin/sign-in",
    { email: thandi.email },
    overHttps,
  );
  expect(response.cookies).toEqual([
    expect.objectContaining({
      name: "staff-sign-in",
      secure: true,
      httpOnly: true,
      sameSite: "Strict",
    }),
  ]);
});
