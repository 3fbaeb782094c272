import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rawRequest } from "../../tests/support/raw-request";
import { adminSessionSeconds, adminSessions } from "./sign-in";

const clientSecret = "editor-app-secret";
const apps: FastifyInstance[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const app of apps.splice(0)) await app.close();
});

/** A service on loopback with one admin page, guarded as the real ones are. */
async function serviceWith(options: Parameters<typeof adminSessions>[0]) {
  const sessions = adminSessions(options);
  const app = Fastify();
  apps.push(app);
  await app.register(fastifyCookie);
  app.get("/admin/page", async (request, reply) =>
    reply.code(sessions.allows(request) ? 200 : 401).send(),
  );
  app.get("/sign-in", async (_request, reply) => {
    sessions.grant(reply);
    return reply.send();
  });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  /** Status of GET path, sent as a browser or a proxy would, with the given headers. */
  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(`${address}${path}`, { headers }).then(({ status, headers }) => ({
      status,
      setCookie: headers["set-cookie"] ?? [],
    }));
  return { get, sessions };
}

const fromOutside = { host: "www.amanzi-meters.example" };

describe("admin sessions", () => {
  it("let a signed-in editor in until the session ends", async () => {
    const { get } = await serviceWith({ clientSecret });
    const [line = ""] = (await get("/sign-in")).setCookie;
    const cookie = line.split(";")[0] ?? "";
    expect(cookie).toMatch(/^admin-session=/);
    expect((await get("/admin/page", { ...fromOutside, cookie })).status).toBe(200);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (adminSessionSeconds + 1) * 1000);
    expect((await get("/admin/page", { ...fromOutside, cookie })).status).toBe(401);
  });

  it("refuse a session that was altered or signed with another secret", async () => {
    const { get } = await serviceWith({ clientSecret });
    const other = await serviceWith({ clientSecret: "another-secret" });
    const cookie = ((await other.get("/sign-in")).setCookie[0] ?? "").split(";")[0] ?? "";
    expect((await other.get("/admin/page", { ...fromOutside, cookie })).status).toBe(200);
    expect((await get("/admin/page", { ...fromOutside, cookie })).status).toBe(401);
    const later = cookie.replace(/editor\.(\d+)/, (_, s) => `editor.${Number(s) + 86_400}`);
    expect(later).not.toBe(cookie);
    expect((await other.get("/admin/page", { ...fromOutside, cookie: later })).status).toBe(401);
  });
});
