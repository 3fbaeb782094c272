import type { Server } from "node:http";

/** Starts an HTTP stand-in on loopback; `close` also ends the connections it still holds. */
export async function listenOnLoopback(
  server: Server,
  port = 0,
): Promise<{ port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("stand-in has no port");
  return {
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
