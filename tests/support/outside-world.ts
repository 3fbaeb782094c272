import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TLSSocket } from "node:tls";

export type OutsideWorld = {
  /** The proxy's address, for a browser to send every request not to loopback through. */
  proxyUrl: string;
  port: number;
  /** Every https URL asked for, answered or not. */
  requested: string[];
  close(): Promise<void>;
};

/**
 * Stands in for everything off loopback: a proxy that answers the https URLs it is given with
 * their stand-in scripts, and refuses every other request. Browsers that trust any certificate
 * behind it (the engine drivers do) then load those scripts in place of the real ones, while
 * tests still talk only to 127.0.0.1.
 */
export async function startOutsideWorld(scripts: Record<string, string>): Promise<OutsideWorld> {
  const { key, cert } = selfSignedCertificate();
  const requested: string[] = [];
  const sockets = new Set<Socket>();

  const answer = (host: string) => (request: IncomingMessage, response: ServerResponse) => {
    const url = `https://${host}${request.url ?? "/"}`;
    requested.push(url);
    const script = Object.entries(scripts).find(([prefix]) => url.startsWith(prefix))?.[1];
    response.writeHead(script === undefined ? 404 : 200, { "content-type": "text/javascript" });
    response.end(script ?? "");
  };

  const proxy = createServer((_request, response) => {
    response.writeHead(403).end();
  });
  proxy.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  proxy.on("connect", (request: IncomingMessage, socket: Socket) => {
    // A browser may drop a connection mid-handshake when its page goes away.
    socket.on("error", () => socket.destroy());
    const [host = "", port] = (request.url ?? "").split(":");
    if (port !== "443") {
      socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    const secure = new TLSSocket(socket, { isServer: true, key, cert });
    secure.on("error", () => secure.destroy());
    const site = createServer(answer(host));
    site.emit("connection", secure);
  });

  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    proxyUrl: `http://127.0.0.1:${port}`,
    port,
    requested,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}

/** A throwaway key and certificate, made fresh for each run rather than kept in the repository. */
function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), "outside-world-"));
  try {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        .concat(["-days", "1", "-subj", "/CN=outside-world.test"])
        .concat(["-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")]),
      { stdio: "ignore", timeout: 10_000 },
    );
    return {
      key: readFileSync(join(dir, "key.pem")),
      cert: readFileSync(join(dir, "cert.pem")),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
