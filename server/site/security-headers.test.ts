import { connect } from "node:net";
import { describe, expect } from "vitest";
import { clientId, clientSecret, repo } from "../../tests/support/github-stand-in";
import { test } from "../../tests/support/server-test";

// Every answer carries the shared headers: a sign-in page with a policy of its own replaces only
// that policy, and Node's own answer to a request it cannot parse carries them too. A real port
// for the bytes no HTTP client sends (a broken request, a slowloris): Node's parser is the point.

const shared = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "permissions-policy": expect.stringContaining("camera=()"),
  "strict-transport-security": expect.stringMatching(/^max-age=\d{7,}/),
};

/**
 * Sends `raw` bytes as they are, then `drip` every 100 ms if given, and reads the whole answer;
 * resolves when the server closes the connection, and gives up when the test does (`signal`).
 */
function rawExchange(baseUrl: string, raw: string, drip?: string, signal?: AbortSignal) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<string>((resolve, reject) => {
    let answer = "";
    const socket = connect({ host: hostname, port: Number(port), signal }, () => socket.write(raw));
    const dripping = drip && setInterval(() => socket.write(drip), 100);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      clearInterval(dripping);
    });
    socket.on("close", () => {
      clearInterval(dripping);
      resolve(answer);
    });
    // A drip the server's answer and close crossed on a busy machine is answered with a reset:
    // the answer it read first is the server's.
    socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
  });
}

const headersOf = (answer: string) =>
  Object.fromEntries(
    answer
      .slice(0, answer.indexOf("\r\n\r\n"))
      .split("\r\n")
      .slice(1)
      .map((line) => [
        line.slice(0, line.indexOf(":")).toLowerCase(),
        line.slice(line.indexOf(":") + 1).trim(),
      ]),
  );

describe("with HSTS=true", () => {
  test("sends the shared headers on sign-in pages, keeping each page's own policy", async ({
    buildService,
  }) => {
    const { app } = await buildService({
      HSTS: "true",
      CMS_GITHUB_CLIENT_ID: clientId,
      CMS_GITHUB_CLIENT_SECRET: clientSecret,
      CMS_GITHUB_REPO: repo,
    });
    // GitHub's answer when the editor declines: the popup's page, with its script by hash.
    const response = await app.inject("/api/cms/callback?error=access_denied");
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers).toMatchObject({
      ...shared,
      "content-security-policy": expect.stringMatching(/^default-src 'none'; script-src 'sha256-/),
      "referrer-policy": "no-referrer",
      "cache-control": "no-store",
    });
  });

  test.for([
    ["a bad request line", "GARBAGE\r\n\r\n", 400],
    ["a header without a colon", "GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400],
    ["headers too large", `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431],
  ] as const)(
    "answers %s in our shape, with the shared headers",
    async ([, raw, status], { startService }) => {
      const service = await startService({ HSTS: "true" });
      const answer = await rawExchange(service.baseUrl, raw);
      expect(answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(headersOf(answer)).toMatchObject({
        ...shared,
        "content-security-policy": expect.stringContaining("default-src 'none'"),
        "referrer-policy": "strict-origin-when-cross-origin",
        "content-type": "application/json; charset=utf-8",
      });
      expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toHaveProperty("error");
    },
  );
});

// A slowloris: a request sent a byte at a time, never finished, never silent long enough for an
// idle timeout. The server closes it once the request timeout is up, with no proxy in front.
test.for([
  ["headers", "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ", "a"],
  [
    "body",
    "POST /api/Comms/ValidateEmailTokens HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n[",
    " ",
  ],
] as const)(
  "closes a connection that sends its %s too slowly",
  async ([, raw, drip], { startService, signal }) => {
    const service = await startService({ REQUEST_TIMEOUT_SECONDS: "1" });
    expect(await rawExchange(service.baseUrl, raw, drip, signal)).toMatch(/^HTTP\/1.1 408 /);
  },
);
