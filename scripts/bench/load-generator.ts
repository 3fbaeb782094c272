import { spawn, spawnSync } from "node:child_process";
import autocannon from "autocannon";

export type LoadResult = {
  requests: number;
  /** Answered with 2xx (autocannon) or 2xx/3xx (wrk). */
  succeeded: number;
  /** Succeeded per second. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Unexpected answers, plus connection errors and timeouts. */
  failures: number;
  /** What the failures were, to find the cause: "404: 12, errors: 1". */
  failureKinds: string;
};

export type Load = {
  urls: readonly string[];
  connections: number;
  seconds: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
};

/** wrk's path when it is installed: a C load generator that needs far less CPU than ours. */
export function findWrk(): string | undefined {
  const found = spawnSync("wrk", ["--version"], { encoding: "utf8" });
  return found.error ? undefined : "wrk";
}

/** One wrk thread: on a two-core machine the server under test gets the other core. */
export function runWrk(load: Load): Promise<LoadResult> {
  const [url, ...others] = load.urls;
  if (!url || others.length) throw new Error("wrk takes exactly one URL");
  if (load.method && load.method !== "GET") throw new Error("wrk runs here for GET only");
  const args = [
    "-t1",
    `-c${load.connections}`,
    `-d${load.seconds}s`,
    "--latency",
    "--timeout",
    "5s",
  ];
  for (const [name, value] of Object.entries(load.headers ?? {}))
    args.push("-H", `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), (load.seconds + 15) * 1000);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      try {
        if (code !== 0) throw new Error(`wrk exited with ${code}`);
        resolve(parseWrk(output));
      } catch (error) {
        reject(new Error(`${(error as Error).message}:\n${output}`));
      }
    });
  });
}

function parseWrk(output: string): LoadResult {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match?.[1]) throw new Error(`wrk output lacks ${pattern}`);
    return Number(match[1]);
  };
  const latency = (percent: number) => {
    const match = new RegExp(`^\\s+${percent}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(output);
    if (!match?.[1]) throw new Error(`wrk output lacks the ${percent}% latency`);
    const factor = { us: 0.001, ms: 1, s: 1000 }[match[2] as "us" | "ms" | "s"];
    return Number(match[1]) * factor;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const errors = socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const requests = number(/(\d+) requests in/);
  return {
    requests,
    succeeded: requests - non2xx,
    perSecond: number(/Requests\/sec:\s+([\d.]+)/) * (1 - non2xx / Math.max(1, requests)),
    p50Ms: latency(50),
    p99Ms: latency(99),
    failures: errors + non2xx,
    failureKinds: `non-2xx/3xx: ${non2xx}, socket errors: ${errors}`,
  };
}

/** autocannon in this process; with several URLs it spreads the connections over them. */
export async function runAutocannon(load: Load): Promise<LoadResult> {
  const instance = autocannon({
    url: [...load.urls],
    connections: load.connections,
    duration: load.seconds,
    method: load.method ?? "GET",
    headers: load.headers,
    body: load.body,
    timeout: 5,
  });
  const timer = setTimeout(() => instance.stop(), (load.seconds + 15) * 1000);
  try {
    const result = await instance;
    return {
      requests: result.requests.total,
      succeeded: result["2xx"],
      perSecond: result["2xx"] / (result.duration || load.seconds),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      failures: result.non2xx + result.errors + result.timeouts,
      failureKinds: [
        ...Object.entries(result.statusCodeStats)
          .filter(([status]) => !status.startsWith("2"))
          .map(([status, { count }]) => `${status}: ${count}`),
        `errors: ${result.errors}`,
        `timeouts: ${result.timeouts}`,
      ].join(", "),
    };
  } finally {
    clearTimeout(timer);
  }
}
