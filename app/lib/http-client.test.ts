// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpError, HttpTimeoutError, REQUEST_TIMEOUT_MS, request } from "./http-client";

type Call = { url: string; init: RequestInit };

let calls: Call[];
let answer: (call: Call) => Promise<Response>;

function headerOf(call: Call | undefined, name: string): string | null {
  return new Headers(call?.init.headers).get(name);
}

function writeCookie(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads document.cookie, and jsdom has no Cookie Store API
  document.cookie = cookie;
}

function setCookie(value: string) {
  writeCookie(`XSRF-TOKEN=${value}; path=/`);
}

beforeEach(() => {
  calls = [];
  answer = async () => new Response("{}", { status: 200 });
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return answer(call);
  });
});

afterEach(() => {
  writeCookie("XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT");
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("XSRF header", () => {
  it("echoes the decoded XSRF-TOKEN cookie on a POST to a relative URL", async () => {
    setCookie("abc%2Fdef%3D%3D");
    writeCookie("other=1; path=/");
    await request("/api/thing", { method: "POST", json: {} });
    expect(headerOf(calls[0], "X-XSRF-TOKEN")).toBe("abc/def==");
  });

  it.each(["PUT", "PATCH", "DELETE", "post"])("is sent on %s", async (method) => {
    setCookie("token-1");
    await request("api/thing", { method });
    expect(headerOf(calls[0], "X-XSRF-TOKEN")).toBe("token-1");
  });

  it.each(["GET", "HEAD"])("is not sent on %s", async (method) => {
    setCookie("token-1");
    await request("/api/thing", { method });
    expect(headerOf(calls[0], "X-XSRF-TOKEN")).toBeNull();
  });

  it.each([
    "https://other.example/api/thing",
    "http://localhost:3000/api/thing",
    "//other.example/api/thing",
  ])("is not sent to the absolute URL %s", async (url) => {
    setCookie("token-1");
    await request(url, { method: "POST", json: {} });
    expect(calls[0]?.url).toBe(url);
    expect(headerOf(calls[0], "X-XSRF-TOKEN")).toBeNull();
  });

  it("is left out when there is no cookie", async () => {
    await request("/api/thing", { method: "POST", json: {} });
    expect(headerOf(calls[0], "X-XSRF-TOKEN")).toBeNull();
  });
});

describe("request", () => {
  it("sends a JSON body with a JSON content type", async () => {
    await request("/api/thing", { method: "POST", json: { name: "Thandi", count: 2 } });
    expect(calls[0]?.init.method).toBe("POST");
    expect(headerOf(calls[0], "Content-Type")).toBe("application/json");
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ name: "Thandi", count: 2 });
  });

  it.each([200, 201, 204])("resolves on status %i", async (status) => {
    answer = async () => new Response(null, { status });
    await expect(request("/api/thing", { method: "POST" })).resolves.toHaveProperty(
      "status",
      status,
    );
  });

  it.each([400, 403, 404, 500, 503])("rejects with HttpError on status %i", async (status) => {
    answer = async () => new Response("nope", { status });
    const failure = request("/api/thing", { method: "POST", json: {} });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toHaveProperty("status", status);
  });

  it("rejects when the network fails", async () => {
    answer = async () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(request("/api/thing", { method: "POST" })).rejects.toThrow("Failed to fetch");
  });

  it("gives up after 15 seconds without an answer", async () => {
    vi.useFakeTimers();
    answer = ({ init }) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener("abort", () =>
          reject(new DOMException("The operation was aborted.", "AbortError")),
        );
      });
    let outcome: unknown = "pending";
    const pending = request("/api/thing", { method: "POST", json: {} }).catch((error) => {
      outcome = error;
    });

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(outcome).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
    expect(outcome).toBeInstanceOf(HttpTimeoutError);
  });
});
