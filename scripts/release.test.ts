import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
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
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../tests/support/free-port";

// The real release script against a local deploy root. The project it releases is a stand-in
// whose `npm run build` and `npm run serve` work or fail as each case needs, so a case takes
// seconds; the script runs the same npm ci, npm run build and npm run serve as on the server.

const script = fileURLToPath(new URL("./release.sh", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "release-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const pkg = { name: "stand-in", version: "1.0.0" };
/** A commit as `git archive` sends it: a tar of the stand-in project. */
function commit(
  name: string,
  { build = true, healthy = true, failsOnLiveStore = false } = {},
): Buffer {
  const dir = join(work, `project-${name}`);
  mkdirSync(dir);
  const files = {
    "package.json": JSON.stringify({
      ...pkg,
      scripts: { build: "node build.mjs", serve: "node serve.mjs" },
    }),
    "package-lock.json": JSON.stringify({ ...pkg, lockfileVersion: 3, packages: { "": pkg } }),
    "build.mjs": build
      ? `import { writeFileSync } from "node:fs"; writeFileSync("built", "");`
      : "process.exit(1);",
    // Like server/main.ts, it reads its settings from .env in its working directory, and stops
    // on SIGTERM. Healthy only when the shared .env reaches it.
    // One that fails only against the live store stops at start, as a migration that fails
    // on the live data would; the release check's throwaway store does not show it.
    "serve.mjs": `
      import { readFileSync } from "node:fs";
      import { createServer } from "node:http";
      const store = process.env.DATABASE_URL || "file:./data/enquiries.db";
      if (${failsOnLiveStore} && store === "file:./data/enquiries.db") {
        console.error("migration failed on the live store");
        process.exit(1);
      }
      const healthy = ${healthy} && readFileSync(".env", "utf8").includes("SHARED=yes");
      createServer((request, response) => {
        const known = request.url === "/healthz" || request.url === "/readyz";
        response.statusCode = known && healthy ? 200 : 500;
        response.end();
      }).listen(Number(process.env.PORT), process.env.HOST);`,
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return execFileSync("tar", ["-cf", "-", "-C", dir, ...Object.keys(files)]);
}

let port = 0;
let good: Buffer;
let buildFails: Buffer;
let healthFails: Buffer;
let failsOnLiveStore: Buffer;
/** The live service where a case's RESTART starts nothing: it answers as a healthy one. */
let alwaysLive: ChildProcess;
let alwaysLiveUrl = "";
beforeAll(async () => {
  port = await freePort();
  good = commit("good");
  buildFails = commit("build-fails", { build: false });
  healthFails = commit("health-fails", { healthy: false });
  failsOnLiveStore = commit("fails-on-live-store", { failsOnLiveStore: true });
  // Its own process: spawnSync holds this one's event loop while the script runs.
  const livePort = await freePort();
  alwaysLive = spawn(process.execPath, [
    "-e",
    `require("node:http").createServer((q, r) => r.end()).listen(${livePort}, "127.0.0.1")`,
  ]);
  alwaysLiveUrl = `http://127.0.0.1:${livePort}`;
  for (let tries = 0; !(await answers(alwaysLiveUrl)); tries++)
    if (tries > 100) throw new Error("the live stand-in did not start");
});
afterAll(() => {
  alwaysLive.kill();
});

// A deploy root as the server has it after two releases: shared .env and data/, and links.
const [older, live] = ["20240101T000000Z-older", "20240102T000000Z-live"];
let root = "";
beforeEach(() => {
  root = mkdtempSync(join(work, "root-"));
  writeFileSync(join(root, ".env"), "SHARED=yes\n");
  for (const release of [older, live])
    mkdirSync(join(root, "releases", release), { recursive: true });
  symlinkSync(`releases/${live}`, join(root, "current"));
  symlinkSync(`releases/${older}`, join(root, "previous"));
});

const restartLog = () => join(root, "restarts");
function release(
  args: string[],
  input?: Buffer,
  restart = `echo restarted >> ${restartLog()}`,
  env: Record<string, string> = { LIVE_URL: alwaysLiveUrl },
) {
  const result = spawnSync("sh", [script, args[0] ?? "", root, ...args.slice(1)], {
    input,
    encoding: "utf8",
    env: {
      ...process.env,
      RESTART: restart,
      CHECK_PORT: String(port),
      CHECK_SECONDS: "5",
      LIVE_SECONDS: "5",
      ...env,
    },
    timeout: 90_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
const target = (link: string) => readlinkSync(join(root, link));
const releases = () => readdirSync(join(root, "releases"));
const restarts = () =>
  existsSync(restartLog()) ? readFileSync(restartLog(), "utf8").trim().split("\n").length : 0;
const answers = (base = `http://127.0.0.1:${port}`) =>
  fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );

describe("scripts/release.sh", { timeout: 120_000 }, () => {
  it("puts a healthy release live, keeps the one before, stops its check, and rolls back", async () => {
    const { status, output } = release(["deploy", "abc123"], good);
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
    const next = release(["deploy", "def456"], good);
    expect(next.status, next.output).toBe(0);
    expect(releases().sort()).toEqual([live, id, target("current").replace("releases/", "")]);

    // A rollback goes to the release live before, a second undoes the first, or to one named.
    const deployed = target("current");
    expect(release(["rollback"]).status).toBe(0);
    expect([target("current"), target("previous")]).toEqual([`releases/${id}`, deployed]);
    expect(release(["rollback"]).status).toBe(0);
    expect(target("current")).toBe(deployed);
    expect(release(["rollback", live]).status).toBe(0);
    expect(target("current")).toBe(`releases/${live}`);
    expect(restarts()).toBe(5);
    expect(release(["rollback", "no-such-release"]).status).not.toBe(0);
    expect(target("current")).toBe(`releases/${live}`);
  });

  it.each([
    ["whose build fails", () => buildFails, undefined],
    ["whose health check fails", () => healthFails, undefined],
    ["whose restart fails", () => good, "exit 3"],
  ])("leaves the previous release live after a release %s", async (_, input, restart) => {
    const { status, output } = release(["deploy", "bad"], input(), restart);
    expect(status, output).not.toBe(0);
    expect(target("current")).toBe(`releases/${live}`);
    expect(target("previous")).toBe(`releases/${older}`);
    expect(releases().sort()).toEqual([older, live]);
    expect(restarts()).toBe(0);
    expect(await answers()).toBe(false);
  });

  it("puts the previous release back when the live service does not answer after the switch", async () => {
    // The service as systemd runs it: RESTART stops the one running and starts npm run serve in
    // current, on the port the shared .env names.
    const livePort = await freePort();
    writeFileSync(join(root, ".env"), `SHARED=yes\nPORT=${livePort}\n`);
    const pidFile = join(root, "live.pid");
    const systemd = [
      `echo restarted >> ${restartLog()}`,
      `if [ -f ${pidFile} ]; then old=$(cat ${pidFile}); kill -s TERM -- -$old 2>/dev/null`,
      `while kill -s 0 -- -$old 2>/dev/null; do sleep 0.1; done; fi`,
      `cd ${root}/current && HOST=127.0.0.1 PORT=${livePort} setsid npm run serve >>${root}/live.log 2>&1 </dev/null &`,
      `echo $! > ${pidFile}`,
    ].join("\n");
    const liveAnswers = () =>
      fetch(`http://127.0.0.1:${livePort}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.status,
        () => 0,
      );
    try {
      const first = release(["deploy", "good"], good, systemd, {});
      expect(first.status, first.output).toBe(0);
      const working = target("current");
      expect(await liveAnswers()).toBe(200);

      const { status, output } = release(["deploy", "bad"], failsOnLiveStore, systemd, {});
      expect(status, output).not.toBe(0);
      expect(output).toMatch(/did not answer .*\/healthz and \/readyz within 5s/);
      expect(output).toContain(`${working} is live again`);
      expect(target("current")).toBe(working);
      expect(target("previous")).toBe(`releases/${live}`);
      expect(releases().sort()).toEqual([older, live, working.replace("releases/", "")].sort());
      expect(restarts()).toBe(3);
      expect(await liveAnswers()).toBe(200);
      expect(readFileSync(join(root, "live.log"), "utf8")).toContain(
        "migration failed on the live store",
      );
    } finally {
      if (existsSync(pidFile))
        spawnSync("sh", ["-c", `kill -s TERM -- -$(cat ${pidFile}) 2>/dev/null`]);
    }
  });
});
