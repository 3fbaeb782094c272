import { type ChildProcess, spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";

// Every process a benchmark starts is registered here and stopped at the end, on failure, on
// Ctrl-C and when the run's deadline passes: a benchmark must never leave a server behind.

const running = new Set<ChildProcess>();

export type Started = { child: ChildProcess; pid: number; logFile: string; stop(): Promise<void> };

/** Starts a process with its output in `logFile` (a file, not a pipe nobody drains). */
export function startProcess(
  command: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; logFile: string; cwd?: string },
): Started {
  const log = openSync(options.logFile, "a");
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", log, log],
  });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("exit", () => running.delete(child));
  return {
    child,
    pid: child.pid,
    logFile: options.logFile,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Kills whatever is still running, at once: for exit paths that cannot wait. */
export function killAll(): void {
  for (const child of running) child.kill("SIGKILL");
}

/** Polls `url` until it answers 2xx, or fails naming the log to read. */
export async function waitUntilServing(url: string, started: Started, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) break;
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = readFileSync(started.logFile, "utf8").slice(-2000);
  throw new Error(`${url} did not answer within ${timeoutMs} ms; its log ends:\n${log}`);
}

/**
 * CPU seconds a process has used so far (user + system), from /proc; undefined where there is
 * no /proc. Throughput on a shared machine swings with the neighbours' load, CPU time per
 * request much less, so the benchmark prints both.
 */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100;
  } catch {
    return undefined;
  }
}
