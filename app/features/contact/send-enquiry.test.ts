// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { postJson, REQUEST_TIMEOUT_MS } from "./send-enquiry";

type Call = { url: string; init: RequestInit };

let calls: Call[];
let answer: (call: Call) => Promise<Response>;

const headerOf = (call: Call | undefined, name: string) =>
  new Headers(call?.init.headers).get(name);

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
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("postJson", () => {
  it("sends a JSON body with a JSON content type", async () => {
    await postJson("/api/thing", { name: "Thandi", count: 2 });
    expect(calls[0]?.init.method).toBe("POST");
    expect(headerOf(calls[0], "Content-Type")).toBe("application/json");
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ name: "Thandi", count: 2 });
  });

  it.each([
    [200, null, undefined],
    [201, '{"id":"1","reference":"0F8C2A4E"}', { id: "1", reference: "0F8C2A4E" }],
    [200, "OK", undefined],
    [204, null, undefined],
  ])("resolves on status %i, with its JSON body if any (%j)", async (status, body, json) => {
    answer = async () => new Response(body, { status });
    await expect(postJson("/api/thing", {})).resolves.toEqual(json);
  });

  it.each([400, 403, 404, 500, 503])("rejects, naming the status, on status %i", async (status) => {
    answer = async () => new Response("nope", { status });
    await expect(postJson("/api/thing", {})).rejects.toThrow(`/api/thing answered ${status}`);
  });

  it("gives up after 15 seconds without an answer", async () => {
    vi.useFakeTimers();
    answer = ({ init }) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    let outcome: unknown = "pending";
    const pending = postJson("/api/thing", {}).catch((error) => {
      outcome = error;
    });

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(outcome).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(String(outcome)).toContain("/api/thing gave no answer within 15000 ms");
  });
});
