// The part of autocannon's API the server bench uses (the package ships no types).
declare module "autocannon" {
  type Options = {
    url: string | string[];
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
  };
  type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    "3xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: { p50: number; p97_5: number; p99: number };
  };
  type Instance = PromiseLike<Result> & { stop(): void };
  export default function autocannon(options: Options): Instance;
}
