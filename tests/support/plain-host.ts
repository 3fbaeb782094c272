import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, request as forward } from "node:http";
import { extname, join, normalize } from "node:path";
import { listenOnLoopback } from "./loopback-listener";

// Someone else's web server in front of the service, as a company might deploy it: a plain
// static host for the built pages, which passes every other path on to the service the way a
// minimal `location / { proxy_pass http://127.0.0.1:3000; }` does. Like that nginx, it sends
// the service no X-Forwarded-* or Forwarded header and names the service as the Host, so the
// service sees only a loopback peer.

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
};

/** The file a static host serves for a URL path: the file, or the folder's index.html. */
function fileFor(siteRoot: string, path: string): string | undefined {
  const file = join(siteRoot, normalize(decodeURIComponent(path)));
  if (!file.startsWith(siteRoot)) return undefined;
  for (const candidate of [file, join(file, "index.html")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * Serves `siteRoot`'s files (when given) and proxies whatever it lacks to `service`. Without a
 * site it is only the proxy.
 */
export async function startPlainHost(options: { service: string; siteRoot?: string }) {
  const upstream = new URL(options.service);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://host").pathname;
    const file = options.siteRoot ? fileFor(options.siteRoot, path) : undefined;
    if (file && (request.method === "GET" || request.method === "HEAD")) {
      response.writeHead(200, {
        "content-type": types[extname(file)] ?? "application/octet-stream",
      });
      if (request.method === "HEAD") response.end();
      else createReadStream(file).pipe(response);
      return;
    }
    const headers = { ...request.headers, host: upstream.host };
    const onward = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    onward.on("error", () => response.writeHead(502).end());
    request.pipe(onward);
  });
  const listening = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${listening.port}`, close: listening.close };
}
