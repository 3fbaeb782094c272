import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TLSSocket } from "node:tls";
import { listenOnLoopback } from "./loopback-listener";

/**
 * Stands in for everything off loopback: a proxy that answers the https URLs it is given with
 * their stand-in scripts, and refuses every other request. Browsers that trust any certificate
 * behind it (the engine drivers do) then load those scripts in place of the real ones, while
 * tests still talk only to 127.0.0.1.
 */
export async function startOutsideWorld(scripts: Record<string, string>) {
  const { key, cert } = selfSignedCertificate();
  const proxy = createServer((_request, response) => {
    response.writeHead(403).end();
  });
  proxy.on("connect", (request, socket: Socket) => {
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
    const site = createServer((siteRequest, response) => {
      const url = `https://${host}${siteRequest.url ?? "/"}`;
      const script = Object.entries(scripts).find(([prefix]) => url.startsWith(prefix))?.[1];
      response.writeHead(script === undefined ? 404 : 200, { "content-type": "text/javascript" });
      response.end(script ?? "");
    });
    site.emit("connection", secure);
  });
  const { port, close } = await listenOnLoopback(proxy);
  /** `proxyUrl`: for a browser to send every request not to loopback through. */
  return { proxyUrl: `http://127.0.0.1:${port}`, port, close };
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
