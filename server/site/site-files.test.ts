import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { expect } from "vitest";
import { it } from "../../tests/support/server-test";
import { loadSiteFiles } from "./site-files";

/** Writes `files` into `root`, the test's folder, and returns it. */
function site(root: string, files: Record<string, string | Buffer>): string {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

const manifest = JSON.stringify({ name: "Amanzi Meters", icons: [{ src: "/icon-192.png" }] });
const fixed = {
  page: { "x-content-type-options": "nosniff", "x-frame-options": "DENY" },
  file: { "x-content-type-options": "nosniff" },
};

it("holds pages at their clean paths and files at theirs, never 404.html or the fallback", ({
  tempDir,
}) => {
  const files = loadSiteFiles(
    site(tempDir, {
      "index.html": "<h1>Home</h1>",
      "terms/index.html": "<h1>Terms</h1>",
      "404.html": "<h1>Not found</h1>",
      "__spa-fallback.html": "<h1>Fallback</h1>",
      "robots.txt": "User-agent: *",
    }),
    fixed,
  );
  expect([...files.keys()].sort()).toEqual(["/", "/robots.txt", "/terms"]);
  expect(files.get("/terms")?.isPage).toBe(true);
  expect(files.get("/robots.txt")?.isPage).toBe(false);
  // Pages carry the document headers; other files only theirs.
  expect(files.get("/terms")?.encodings.identity.headers["x-frame-options"]).toBe("DENY");
  expect(files.get("/robots.txt")?.encodings.identity.headers).not.toHaveProperty(
    "x-frame-options",
  );
});

it("serves a web manifest and its precompressed bodies with the manifest type", ({ tempDir }) => {
  const files = loadSiteFiles(
    site(tempDir, {
      "manifest.webmanifest": manifest,
      "manifest.webmanifest.br": brotliCompressSync(manifest),
      "manifest.webmanifest.gz": gzipSync(manifest),
    }),
    fixed,
  );
  const file = files.get("/manifest.webmanifest");
  expect(Object.keys(file?.encodings ?? {}).sort()).toEqual(["br", "gzip", "identity"]);
  expect(file?.encodings.br?.headers).toMatchObject({
    "content-type": "application/manifest+json",
    "content-encoding": "br",
    vary: "accept-encoding",
    "x-content-type-options": "nosniff",
    "cache-control": "no-cache",
  });
  expect(files.has("/manifest.webmanifest.br")).toBe(false);
});

it("sends a file with no compressed sibling as it is, without Vary", ({ tempDir }) => {
  const png = Buffer.from("89504e470d0a1a0a", "hex");
  const file = loadSiteFiles(site(tempDir, { "assets/icon-Ab12.png": png }), fixed).get(
    "/assets/icon-Ab12.png",
  );
  expect(Object.keys(file?.encodings ?? {})).toEqual(["identity"]);
  expect(file?.encodings.identity.body).toEqual(png);
  expect(file?.encodings.identity.headers).toMatchObject({
    "content-type": "image/png",
    "content-length": String(png.length),
    "cache-control": "public, max-age=31536000, immutable",
  });
  expect(file?.encodings.identity.headers).not.toHaveProperty("vary");
});

it("stops at startup on a kind of file it has no content type for", ({ tempDir }) => {
  expect(() => loadSiteFiles(site(tempDir, { "notes/readme.md": "# notes" }), fixed)).toThrow(
    /notes\/readme\.md/,
  );
});
