import type { Server, Socket } from "node:net";

/**
 * Starts a stand-in on loopback; `close` also ends the connections it still holds, tunnels
 * and SMTP sessions included, which an HTTP server's closeAllConnections would not reach.
 */
export async function listenOnLoopback(
  server: Server,
  port = 0,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
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
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
