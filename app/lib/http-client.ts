// A small fetch wrapper for the site's own API. Like Angular's HttpClient, it echoes the
// XSRF-TOKEN cookie back in the X-XSRF-TOKEN header on state-changing requests, but only to
// relative URLs, so the token never travels to another origin.

export const REQUEST_TIMEOUT_MS = 15_000;

const XSRF_COOKIE = "XSRF-TOKEN";
const XSRF_HEADER = "X-XSRF-TOKEN";

/** The server answered, but not with a 2xx status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    url: string,
  ) {
    super(`Request to ${url} failed with status ${status}`);
    this.name = "HttpError";
  }
}

/** No answer arrived within the time limit; the request was aborted. */
export class HttpTimeoutError extends Error {
  constructor(url: string, timeoutMs: number) {
    super(`Request to ${url} got no answer within ${timeoutMs} ms`);
    this.name = "HttpTimeoutError";
  }
}

export type RequestOptions = {
  method?: string;
  /** Sent as a JSON body. */
  json?: unknown;
  timeoutMs?: number;
};

/** Absolute (`https://…`) and protocol-relative (`//host/…`) URLs may point at another origin. */
function isRelativeUrl(url: string): boolean {
  return !/^([a-z][a-z\d+.-]*:)?\/\//i.test(url);
}

function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  for (const pair of document.cookie.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    const raw = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** Resolves with the response for a 2xx answer; rejects on any other status, a network error or the timeout. */
export async function request(url: string, options: RequestOptions = {}): Promise<Response> {
  const method = (options.method ?? "GET").toUpperCase();
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const headers = new Headers({ Accept: "application/json" });
  if (options.json !== undefined) headers.set("Content-Type", "application/json");
  if (method !== "GET" && method !== "HEAD" && isRelativeUrl(url)) {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      credentials: "same-origin",
      signal: controller.signal,
    });
    if (!response.ok) throw new HttpError(response.status, url);
    return response;
  } catch (error) {
    if (controller.signal.aborted) throw new HttpTimeoutError(url, timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
