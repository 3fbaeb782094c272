import { type IncomingHttpHeaders, request } from "node:http";

type Sent = { method?: string; headers?: Record<string, string>; body?: string; from?: string };

/**
 * One request by node:http, not fetch: fetch sets its own Host, adds Cache-Control to
 * conditional requests, decodes bodies, and cannot send from another loopback address (`from`).
 */
export function rawRequest(
  url: string,
  { method = "GET", headers = {}, body, from }: Sent = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers, localAddress: from }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          text: `${body}`,
        });
      });
    });
    sent.on("error", reject);
    sent.end(body);
  });
}
