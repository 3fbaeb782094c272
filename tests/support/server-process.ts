import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import { promisify } from "node:util";

export type ServerProcess = {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const projectRoot = resolve(import.meta.dirname, "../..");

/**
 * Runs a TypeScript entry point of ours in a single Node process, with tsx as a loader. The
 * `tsx` command instead starts a wrapper process whose child is the real program: a SIGKILL
 * to the wrapper would leave the program running, and a crash test would prove nothing.
 */
export function nodeWithTsx(script: string, args: readonly string[] = []): [string, string[]] {
  const loader = resolve(projectRoot, "node_modules/tsx/dist/loader.mjs");
  return [process.execPath, ["--import", loader, resolve(projectRoot, script), ...args]];
}

/** Runs the real entry point as `npm run serve` does, on a free port. */
export function spawnServer(
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<ServerProcess> {
  const child = spawn(...nodeWithTsx("server/main.ts"), {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = once(child, "exit").then(([code, signal]) => ({ code, signal }));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening?.[1]) {
        clearTimeout(timer);
        resolvePromise({ baseUrl: listening[1], child, output: () => output, exited });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
}

/** Runs `npm run insights -- ARGS` against a store. */
export function runInsightsCli(databaseUrl: string, ...args: string[]) {
  return promisify(execFile)(...nodeWithTsx("server/cli/insights-cli.ts", args), {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl },
    timeout: 30_000,
  });
}
