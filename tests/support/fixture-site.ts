import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { tapTargetsFile } from "../../contract/contact-taps";
import { type Redirects, redirectsFile } from "../../contract/redirects";
import { defaultHeldRetentionDays, defaultRetentionDays } from "../../contract/retention";
import { type BuildManifest, buildManifestFile } from "../../contract/site-build";

// A tiny stand-in for the prerendered build, shaped like Astro's output (each page's policy in a
// <meta>, inline scripts), so server tests neither wait for nor depend on a real build.

export const fixtureInlineScript = 'window.__fixture = {"page":"home"};';
export const fixtureAsset = "/assets/app-Ab12Cd34.js";
/** A file of the content editor, which the server reads from disk rather than memory. */
export const fixtureEditorAsset = "/admin/editor-Ab12Cd34.js";

/** The policy each fixture page states, as Astro writes it: the hash is the page's script's. */
export const fixturePagePolicy = (script: string) =>
  `default-src 'self'; script-src 'self' 'sha256-${createHash("sha256").update(script).digest("base64")}'`;

const page = (title: string, script: string, paragraph = "") =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title>` +
  `<meta http-equiv="content-security-policy" content="${fixturePagePolicy(script)}">` +
  `<script type="module" src="${fixtureAsset}"></script></head>` +
  `<body><h1>${title}</h1><p>${paragraph}</p><script>${script}</script></body></html>`;

/** Where /go/phone and /go/whatsapp lead on the fixture site. */
export const fixtureTapTargets = {
  phone: "tel:+27215550123",
  whatsapp: "https://wa.me/27825550199?text=Hello%2C%20a%20question",
};

/** A product's moves, as a build of app/content/fixtures/remote-valve.yaml writes them. */
export const fixtureRedirects: Redirects = {
  "/hardware/remote-valve": "/hardware/remote-shutoff-valve",
  "/hardware/shutoff-valve": "/hardware/remote-shutoff-valve",
};

export function writeFixtureSite(root: string): void {
  const files: Record<string, string> = {
    "index.html": page("Home", fixtureInlineScript),
    "hardware/index.html": page("Hardware", 'window.__fixture = {"page":"hardware"};'),
    "contact/index.html": page("Contact", 'window.__fixture = {"page":"contact"};'),
    "privacy/index.html": page("Privacy", 'window.__fixture = {"page":"privacy"};'),
    "hardware/remote-shutoff-valve/index.html": page("Remote valve", "window.__fixture = 1;"),
    // The content editor's page, which states no policy: the server gives it the editor's.
    "admin/index.html": "<!DOCTYPE html><title>Content editor</title>",
    [redirectsFile]: JSON.stringify(fixtureRedirects),
    "404.html": page("Not found", "window.__fixture = 404;"),
    // The company's phone and WhatsApp, as a build with contact details writes them.
    [tapTargetsFile]: JSON.stringify(fixtureTapTargets),
    // A built datasheet, whose downloads the insights count.
    "datasheets/water-meter.pdf": "%PDF-1.4\n% fixture datasheet\n%%EOF\n",
    "favicon.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
    [fixtureAsset.slice(1)]: `console.log(${JSON.stringify("x".repeat(2000))});`,
    [fixtureEditorAsset.slice(1)]: `console.log(${JSON.stringify("editor ".repeat(300))});`,
  };
  // Built with the default retention and no delivery, as a default build is (the server checks it).
  const built: BuildManifest = {
    retentionDays: defaultRetentionDays,
    heldRetentionDays: defaultHeldRetentionDays,
    channels: { mail: false, webhook: false },
  };
  writeFileSync(buildManifestFile(root), JSON.stringify(built));
  for (const [name, content] of Object.entries(files)) {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    if (/\.(html|js)$/.test(name)) {
      writeFileSync(`${path}.br`, brotliCompressSync(content));
      writeFileSync(`${path}.gz`, gzipSync(content));
    }
  }
}
