// The send call's fetch. Like Angular's HttpClient (requirements §7), it echoes the XSRF-TOKEN
// cookie in the X-XSRF-TOKEN header on requests that change state, to relative URLs only, so the
// token never travels to another origin.

export const REQUEST_TIMEOUT_MS = 15_000;

/** The server answered, but not with a 2xx status. */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly status: number,
    url: string,
  ) {
    super(`Request to ${url} failed with status ${status}`);
  }
}

/** No answer arrived within the time limit; the request was aborted. */
export class HttpTimeoutError extends Error {
  override name = "HttpTimeoutError";
}

/** Absolute (`https://…`) and protocol-relative (`//host/…`) URLs may point at another origin. */
const isRelative = (url: string) => !/^([a-z][a-z\d+.-]*:)?\/\//i.test(url);

function xsrfToken(): string | undefined {
  const raw = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(globalThis.document?.cookie ?? "")?.[1]?.trim();
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

type RequestOptions = { method?: string; json?: unknown; timeoutMs?: number };

/** Resolves with a 2xx response; rejects on any other status, a network error or the timeout. */
export async function request(url: string, options: RequestOptions = {}): Promise<Response> {
  const { json, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const method = (options.method ?? "GET").toUpperCase();
  const headers = new Headers({ Accept: "application/json" });
  if (json !== undefined) headers.set("Content-Type", "application/json");
  const token = method !== "GET" && method !== "HEAD" && isRelative(url) && xsrfToken();
  if (token) headers.set("X-XSRF-TOKEN", token);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const response = await fetch(url, {
      method,
      headers,
      body,
      credentials: "same-origin",
      signal: controller.signal,
    });
    if (!response.ok) throw new HttpError(response.status, url);
    return response;
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    throw new HttpTimeoutError(`Request to ${url} got no answer within ${timeoutMs} ms`);
  } finally {
    clearTimeout(timer);
  }
}
