import { execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, it, type TestContext, vi } from "vitest";
import { freePort } from "../tests/support/free-port";
import { listenOnLoopback } from "../tests/support/loopback-listener";
import { storeKinds } from "../tests/support/store-kinds";

// The real release script against a local deploy root. The project it releases is a stand-in
// whose `npm run build` and `npm run serve` work or fail as each case needs, so a case takes
// seconds; the script runs the same npm ci, npm run build and npm run serve as on the server.
// A stand-in with the store opens it with the service's own store code and migration steps.

const script = fileURLToPath(new URL("./release.sh", import.meta.url));
const repo = fileURLToPath(new URL("..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "release-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const pkg = { name: "stand-in", version: "1.0.0" };
type StandIn = {
  build?: boolean;
  healthy?: boolean;
  failsOnLiveStore?: boolean;
  /** Opens the store DATABASE_URL names, with the service's steps and, if asked, one more. */
  store?: "steps" | "one more step";
  /** Answers /readyz once, then stops, as a release that crashes soon after it starts. */
  crashesAfterReady?: boolean;
  /** On its first /readyz, sends this signal to the release script. */
  interrupts?: NodeJS.Signals;
};
/** A commit as `git archive` sends it: a tar of the stand-in project. */
function commit(name: string, standIn: StandIn = {}): Buffer {
  const { build = true, healthy = true, failsOnLiveStore = false, store } = standIn;
  const dir = mkdtempSync(join(work, `project-${name}-`));
  const files = {
    "package.json": JSON.stringify({
      ...pkg,
      scripts: { build: "node build.mjs", serve: "node --import tsx serve.mjs" },
    }),
    "package-lock.json": JSON.stringify({ ...pkg, lockfileVersion: 3, packages: { "": pkg } }),
    "build.mjs": build
      ? `import { writeFileSync } from "node:fs"; writeFileSync("built", "");`
      : "process.exit(1);",
    // Like server/main.ts, it reads its settings from the environment, then .env in its
    // working directory, and stops on SIGTERM. Healthy only when the shared .env reaches it.
    // One that fails only against the live store stops at start, as a migration that fails
    // on the live data would; the release check's throwaway store does not show it.
    "serve.mjs": `
      import { existsSync, readFileSync } from "node:fs";
      import { createServer } from "node:http";
      import { resolve } from "node:path";
      const env = readFileSync(".env", "utf8");
      const store = process.env.DATABASE_URL || /^DATABASE_URL=(.*)$/m.exec(env)?.[1] || "file:./data/enquiries.db";
      if (${failsOnLiveStore} && store === "file:./data/enquiries.db") {
        console.error("migration failed on the live store");
        process.exit(1);
      }
      let steps = async () => [];
      ${
        store
          ? `const { openPostgresDatabase, openSqliteDatabase } = await import("./server/store/database.ts");
      const { db } = store.startsWith("file:")
        ? await openSqliteDatabase(resolve(store.slice("file:".length)), () => {})
        : await openPostgresDatabase(store);
      steps = async () => (await db.selectFrom("kysely_migration").select("name").execute()).map((row) => row.name);`
          : ""
      }
      const healthy = ${healthy} && env.includes("SHARED=yes");
      let readies = 0;
      createServer(async (request, response) => {
        const known = request.url === "/healthz" || request.url === "/readyz";
        const ready = request.url === "/readyz" && ++readies;
        if (ready === 1 && ${JSON.stringify(standIn.interrupts ?? "")}) {
          const pidFile = resolve("../../release.pid");
          while (!existsSync(pidFile)) await new Promise((done) => setTimeout(done, 50));
          process.kill(Number(readFileSync(pidFile, "utf8")), ${JSON.stringify(standIn.interrupts ?? "")});
        }
        const crashed = ${standIn.crashesAfterReady ?? false} && ready > 1;
        response.statusCode = known && healthy && !crashed ? 200 : 500;
        response.end(request.url === "/steps" ? JSON.stringify(await steps()) : "", () => {
          if (${standIn.crashesAfterReady ?? false} && ready === 1) process.exit(1);
        });
      }).listen(Number(process.env.PORT), process.env.HOST);`,
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  if (store) {
    for (const file of ["database.ts", "migrations.ts", "migrations"])
      cpSync(join(repo, "server/store", file), join(dir, "server/store", file), {
        recursive: true,
      });
  }
  if (store === "one more step") {
    for (const engine of ["sqlite", "postgres"]) {
      const folder = join(dir, "server/store/migrations", engine);
      const next = String(readdirSync(folder).length + 1).padStart(3, "0");
      writeFileSync(
        join(folder, `${next}-release-b.sql`),
        "ALTER TABLE enquiries ADD COLUMN release_b TEXT;",
      );
    }
  }
  return execFileSync("tar", ["-cf", "-", "-C", dir, "."]);
}

const good = commit("good");
const buildFails = commit("build-fails", { build: false });
const healthFails = commit("health-fails", { healthy: false });
const failsOnLiveStore = commit("fails-on-live-store", { failsOnLiveStore: true });
/** The live service where a case's RESTART starts nothing: it answers as a healthy one. */
let alwaysLiveUrl = "";
beforeAll(async () => {
  const { port, close } = await listenOnLoopback(createServer((_, response) => response.end()));
  alwaysLiveUrl = `http://127.0.0.1:${port}`;
  return close;
});
const given = new Set<number>();
/** A free port given to no other case: the cases run at once. */
async function ownPort(): Promise<number> {
  const port = await freePort();
  return given.has(port) ? ownPort() : given.add(port) && port;
}
/** A GET's status and text; status 0 when nothing answers. */
const get = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    async (response) => ({ status: response.status, text: await response.text() }),
    () => ({ status: 0, text: "" }),
  );

// A deploy root as the server has it after two releases: shared .env and data/, and links.
// Its node_modules lend the stand-ins with the store what the service's own code imports.
// Each case has its own, and its own check port, with the case's `expect` and helpers bound.
const [older, live] = ["20240101T000000Z-older", "20240102T000000Z-live"];
async function deployRoot({ expect, onTestFinished }: TestContext) {
  const root = mkdtempSync(join(work, "root-"));
  writeFileSync(join(root, ".env"), "SHARED=yes\n");
  for (const id of [older, live]) mkdirSync(join(root, "releases", id), { recursive: true });
  symlinkSync(`releases/${live}`, join(root, "current"));
  symlinkSync(`releases/${older}`, join(root, "previous"));
  symlinkSync(join(repo, "node_modules"), join(root, "node_modules"));
  const port = await ownPort();
  const restartLog = join(root, "restarts");
  /**
   * Runs the script; its pid is in ROOT/release.pid for a stand-in that interrupts it. It polls:
   * wide budgets cost nothing when servers answer soon, and leave room for them to start slowly
   * as the cases run at once. A case whose check never answers sets CHECK_SECONDS short; the one
   * whose live service never answers waits LIVE_SECONDS out.
   */
  async function release(args: string[], input?: Buffer, env: Record<string, string> = {}) {
    const child = spawn("sh", [script, args[0] ?? "", root, ...args.slice(1)], {
      env: {
        ...process.env,
        RESTART: `echo restarted >> ${restartLog}`,
        CHECK_PORT: String(port),
        LIVE_URL: alwaysLiveUrl,
        CHECK_SECONDS: "60",
        LIVE_SECONDS: "20",
        SETTLE_SECONDS: "1",
        ...env,
      },
    });
    writeFileSync(join(root, "release.pid"), String(child.pid));
    let output = "";
    for (const out of [child.stdout, child.stderr]) out.on("data", (data) => (output += data));
    child.stdin.end(input);
    const status = await new Promise<number | null>((exited) => child.on("close", exited));
    return { status, output };
  }
  const target = (link: string) => readlinkSync(join(root, link));
  const releases = () => readdirSync(join(root, "releases"));
  const restarts = () =>
    existsSync(restartLog) ? readFileSync(restartLog, "utf8").trim().split("\n").length : 0;
  const answers = async () => (await get(`http://127.0.0.1:${port}/healthz`)).status > 0;
  /**
   * The service as systemd runs it: RESTART stops the one running and starts npm run serve in
   * current, on the port the shared .env names. `settings` are added to that .env. It starts
   * running `liveCommit`, unpacked into the live release as a deploy would have left it.
   */
  async function runAsSystemd(liveCommit: Buffer, settings = "") {
    const livePort = await ownPort();
    writeFileSync(join(root, ".env"), `SHARED=yes\nPORT=${livePort}\n${settings}`);
    const pidFile = join(root, "live.pid");
    const restart = [
      `echo restarted >> ${restartLog}`,
      `if [ -f ${pidFile} ]; then old=$(cat ${pidFile}); kill -s TERM -- -$old 2>/dev/null`,
      `while kill -s 0 -- -$old 2>/dev/null; do sleep 0.1; done; fi`,
      `cd ${root}/current && HOST=127.0.0.1 PORT=${livePort} setsid npm run serve >>${root}/live.log 2>&1 </dev/null &`,
      `echo $! > ${pidFile}`,
    ].join("\n");
    const url = `http://127.0.0.1:${livePort}`;
    const stop = `[ ! -f ${pidFile} ] || kill -s TERM -- -$(cat ${pidFile}) || true`;
    onTestFinished(() => void execFileSync("sh", ["-c", stop]));
    const liveDir = join(root, "releases", live);
    execFileSync("tar", ["-xf", "-", "-C", liveDir], { input: liveCommit });
    symlinkSync("../../.env", join(liveDir, ".env"));
    mkdirSync(join(root, "data"), { mode: 0o700 });
    symlinkSync("../../data", join(liveDir, "data"));
    execFileSync("sh", ["-c", restart], { cwd: root });
    await vi.waitFor(async () => expect((await get(`${url}/readyz`)).status).toBe(200), 30_000);
    return {
      /** Deploys or rolls back as the workflow does, against this service. */
      release: (args: string[], input?: Buffer) =>
        release(args, input, { RESTART: restart, LIVE_URL: "" }),
      readyz: async () => (await get(`${url}/readyz`)).status,
      /** The store's steps, as the live release reads them. */
      steps: async () => JSON.parse((await get(`${url}/steps`)).text || "[]") as string[],
    };
  }
  return { expect, root, release, target, releases, restarts, answers, runAsSystemd };
}

// The cases run at once: each waits mostly on the script's npm ci, servers and polls.
describe.concurrent("scripts/release.sh", { timeout: 120_000 }, () => {
  it("puts a healthy release live, keeps the one before, stops its check, and rolls back", async (ctx) => {
    const { expect, root, release, target, releases, restarts, answers } = await deployRoot(ctx);
    const { status, output } = await release(["deploy", "abc123"], good);
    expect(status, output).toBe(0);
    const id = target("current").replace("releases/", "");
    expect(id).toMatch(/^\d{8}T\d{6}Z-abc123$/);
    expect(target("previous")).toBe(`releases/${live}`);
    expect(releases().sort()).toEqual([older, live, id]);
    expect(existsSync(join(root, "releases", id, "built"))).toBe(true);
    expect(readlinkSync(join(root, "releases", id, ".env"))).toBe("../../.env");
    expect(readlinkSync(join(root, "releases", id, "data"))).toBe("../../data");
    expect(statSync(join(root, "data")).mode & 0o777).toBe(0o700);
    expect(restarts()).toBe(1);
    expect(await answers()).toBe(false);

    // The oldest goes once more than KEEP are there; the one live before stays.
    const next = await release(["deploy", "def456"], good);
    expect(next.status, next.output).toBe(0);
    expect(releases().sort()).toEqual([live, id, target("current").replace("releases/", "")]);

    // A rollback goes to the release live before, a second undoes the first, or to one named.
    const deployed = target("current");
    const back = await release(["rollback"]);
    expect(back.output).toContain(`rolled back to releases/${id}, which answers`);
    expect([target("current"), target("previous")]).toEqual([`releases/${id}`, deployed]);
    expect((await release(["rollback"])).status).toBe(0);
    expect(target("current")).toBe(deployed);
    expect((await release(["rollback", live])).status).toBe(0);
    expect(target("current")).toBe(`releases/${live}`);
    expect(restarts()).toBe(5);
    expect((await release(["rollback", "no-such-release"])).status).not.toBe(0);
    expect(target("current")).toBe(`releases/${live}`);
  });

  it.for<[string, Buffer, Record<string, string>]>([
    ["whose build fails", buildFails, {}],
    ["whose health check fails", healthFails, { CHECK_SECONDS: "5" }],
    ["whose restart fails", good, { RESTART: "exit 3" }],
  ])("leaves the previous release live after a release %s", async ([, input, env], ctx) => {
    const { expect, release, target, releases, restarts, answers } = await deployRoot(ctx);
    const { status, output } = await release(["deploy", "bad"], input, env);
    expect(status, output).not.toBe(0);
    expect(target("current")).toBe(`releases/${live}`);
    expect(target("previous")).toBe(`releases/${older}`);
    expect(releases().sort()).toEqual([older, live]);
    expect(restarts()).toBe(0);
    expect(await answers()).toBe(false);
  });

  it("puts the previous release back when the live service does not answer after the switch", async (ctx) => {
    const { expect, root, target, releases, restarts, runAsSystemd } = await deployRoot(ctx);
    const service = await runAsSystemd(good);
    const working = target("current");
    const { status, output } = await service.release(["deploy", "bad"], failsOnLiveStore);
    expect(status, output).not.toBe(0);
    expect(output).toMatch(
      /did not answer .*\/healthz and \/readyz within 20s, then steadily for 1s/,
    );
    expect(output).toContain(`${working} is live again`);
    expect(target("current")).toBe(working);
    expect(target("previous")).toBe(`releases/${older}`);
    expect(releases().sort()).toEqual([older, live]);
    // Its own start, the switch, and the switch back.
    expect(restarts()).toBe(3);
    expect(await service.readyz()).toBe(200);
    expect(readFileSync(join(root, "live.log"), "utf8")).toContain(
      "migration failed on the live store",
    );
  });

  it.for(["SIGTERM", "SIGINT"] as const)(
    "leaves the previous release answering, and every folder a link names, when %s interrupts the live check",
    async (signal, ctx) => {
      const { expect, root, target, releases, runAsSystemd } = await deployRoot(ctx);
      const service = await runAsSystemd(good);
      const working = target("current");

      const { status, output } = await service.release(
        ["deploy", "interrupted"],
        commit("interrupted", { interrupts: signal }),
      );
      expect(status, output).not.toBe(0);
      expect(output).toContain(`${working} is live again`);
      expect(target("current")).toBe(working);
      for (const link of ["current", "previous"])
        expect(existsSync(join(root, target(link)))).toBe(true);
      expect(releases().some((id) => id.endsWith("-interrupted"))).toBe(false);
      expect(await service.readyz()).toBe(200);
    },
  );

  describe.each(storeKinds)("on $name", (kind) => {
    // Release B adds a step to the store; release A, live on a new store it migrated when it
    // started, must run on the store B leaves. Put back or rolled back alike: the script's
    // rollback is the first test's.
    it("puts the release before back on the store a crashing release migrated, where it answers as a deploy checks", async (ctx) => {
      const { expect, root, target, runAsSystemd } = await deployRoot(ctx);
      const url = await kind.newDatabaseUrl(root);
      const service = await runAsSystemd(commit("a", { store: "steps" }), `DATABASE_URL=${url}\n`);
      const released = target("current");

      // B migrates, then crashes within the settle period.
      const b = commit("b", { store: "one more step", crashesAfterReady: true });
      const crashed = await service.release(["deploy", "b"], b);
      expect(crashed.status, crashed.output).not.toBe(0);
      expect(crashed.output).toContain(`${released} is live again`);
      expect(target("current")).toBe(released);
      expect(await service.readyz()).toBe(200);
      expect((await service.steps()).at(-1)).toMatch(/-release-b$/);
    });
  });
});
