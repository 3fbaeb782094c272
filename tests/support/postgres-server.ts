import { type SpawnSyncOptions, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

export type PostgresServer = Awaited<ReturnType<typeof startPostgresServer>>;

const debianRoot = "/usr/lib/postgresql";

/** Debian's PostgreSQL binaries (newest major), or undefined when the package is missing. */
export function postgresBinDir(): string | undefined {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  if (!existsSync(debianRoot)) return undefined;
  const majors = readdirSync(debianRoot)
    .filter((name) => existsSync(join(debianRoot, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] && join(debianRoot, majors[0], "bin");
}

function postgresUser() {
  const [uid, gid] = ["-u", "-g"].map((flag) =>
    Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim()),
  );
  if (!uid || !gid) throw new Error("running as root, but there is no postgres user to run as");
  return { uid, gid };
}

/**
 * A private PostgreSQL server on a free loopback port, from a temporary data directory. The
 * server refuses to run as root, so as root the folder is handed to the `postgres` user and
 * the tools run as that user. `durable: false` (tests) turns off fsync: nothing here survives
 * the run anyway, and a busy CI disk should not slow every test down.
 */
export async function startPostgresServer({ durable = false } = {}) {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      "PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin): " +
        "apt-get install -y postgresql, or set POSTGRES_BIN_DIR. npm test installs it when missing.",
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "postgres-test-"));
  const data = join(dir, "data");
  const asUser: SpawnSyncOptions =
    process.getuid?.() === 0 ? { ...postgresUser(), cwd: dir } : { cwd: dir };
  if (asUser.uid !== undefined && asUser.gid !== undefined) chownSync(dir, asUser.uid, asUser.gid);
  const tool = (name: string, args: string[]) => {
    const result = spawnSync(join(bin, name), args, {
      ...asUser,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", LC_ALL: "C.UTF-8" },
      timeout: 60_000,
    });
    return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
  };
  const pgCtl = (...args: string[]) => tool("pg_ctl", ["-D", data, ...args]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.removeListener("exit", stop);
    if (existsSync(join(data, "postmaster.pid"))) pgCtl("-m", "fast", "-w", "stop");
    rmSync(dir, { recursive: true, force: true });
  };
  // A test run that ends without its teardown must not leave a server behind.
  process.once("exit", stop);

  const init = tool("initdb", ["-D", data, ..."-A trust -U postgres -E UTF8 --no-sync".split(" ")]);
  if (!init.ok) {
    stop();
    throw new Error(`initdb failed:\n${init.output}`);
  }
  const settings = [
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c max_connections=200",
    ...(durable ? [] : ["-c fsync=off", "-c full_page_writes=off"]),
  ];
  // A port free a moment ago can be taken by a parallel run before we bind it: try a few.
  let failure = "";
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    const options = [`-p ${port}`, ...settings].join(" ");
    const log = join(dir, "server.log");
    const started = pgCtl("-o", options, "-l", log, "-w", "-t", "30", "start");
    /** `url`: the superuser's, of the `postgres` database; `stop` is safe to call twice. */
    if (started.ok) return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
    failure = started.output;
  }
  stop();
  throw new Error(`pg_ctl start failed:\n${failure}`);
}

/** A new, empty database on the server at `adminUrl`; returns its URL. */
export async function createDatabase(adminUrl: string): Promise<string> {
  const name = `db_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  try {
    // FILE_COPY: for a tiny template, copying files beats WAL-logging every page.
    await admin.query(`CREATE DATABASE ${name} STRATEGY FILE_COPY`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}
