import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";

// The benchmark's reference when nginx is not installed: node:http with nothing on top,
// answering the home page with the same bytes our server sends (the build's gzip body when the
// client takes gzip). Run as: node --import tsx scripts/bench/bare-page-server.ts SITE PORT

const [siteRoot = "", port = "0"] = process.argv.slice(2);
const plain = readFileSync(join(siteRoot, "index.html"));
const gzip = readFileSync(join(siteRoot, "index.html.gz"));
const headers = (body: Buffer, encoding?: string) => ({
  "content-type": "text/html; charset=utf-8",
  "content-length": String(body.length),
  ...(encoding ? { "content-encoding": encoding, vary: "accept-encoding" } : {}),
});
const plainHeaders = headers(plain);
const gzipHeaders = headers(gzip, "gzip");

createServer((request, response) => {
  const gzipped = request.headers["accept-encoding"]?.includes("gzip") ?? false;
  response.writeHead(200, gzipped ? gzipHeaders : plainHeaders);
  response.end(gzipped ? gzip : plain);
}).listen(Number(port), "127.0.0.1");
