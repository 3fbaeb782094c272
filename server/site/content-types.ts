import { extname } from "node:path";

// Every kind of file the build writes. A file of another kind stops startup rather than going
// out as application/octet-stream, which browsers (with nosniff) would refuse to use.
const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".yml": "text/yaml; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};

export function contentTypeOf(path: string): string {
  const type = contentTypes[extname(path).toLowerCase()];
  if (!type) {
    throw new Error(
      `No content type for ${path}: add its extension to server/site/content-types.ts`,
    );
  }
  return type;
}
