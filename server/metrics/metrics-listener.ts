import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";

export type MetricsListener = { port: number; close(): Promise<void> };

/**
 * Serves GET /metrics on an address of its own (loopback by default), never on the public
 * port: the numbers say how busy and how healthy the service is, which is nobody else's
 * business, and a scrape must not count against visitors' rate limits.
 */
export async function listenForMetrics(
  registry: Registry,
  { host, port }: { host: string; port: number },
  onError: (error: unknown) => void,
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = request.url?.split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    registry.metrics().then(
      (body) => {
        response.writeHead(200, { "content-type": registry.contentType }).end(body);
      },
      (error: unknown) => {
        // Most likely the store could not be read for the backlog gauges: a failed scrape
        // shows as up == 0 in Prometheus, which is the right alarm.
        onError(error);
        response.writeHead(503, { "content-type": "text/plain" }).end("Metrics unavailable\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
