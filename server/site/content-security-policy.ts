import { createHash } from "node:crypto";

// Each page's policy lists the SHA-256 of exactly its own inline scripts, not 'unsafe-inline'.

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
// JSON data blocks (JSON-LD) are never run: script-src does not govern them.
const jsonDataBlock = /\stype\s*=\s*(["']?)application\/(?:ld\+)?json\1(?=\s)/i;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(inlineScript)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    if (jsonDataBlock.test(` ${attributes} `)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

const recaptchaScripts = [
  "https://www.google.com/recaptcha/",
  "https://www.gstatic.com/recaptcha/",
];
const recaptchaFrames = [
  "https://www.google.com/recaptcha/",
  "https://recaptcha.google.com/recaptcha/",
];

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, ...recaptchaScripts].join(" ")}`,
    // CSS inlined in <style> at build time, and style attributes React writes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self' https://www.google.com/recaptcha/",
    `frame-src ${recaptchaFrames.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** The content editor's (/admin, decision 0013): GitHub's API and avatars, no inline script. */
export function adminContentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com",
    "font-src 'self' data:",
    // GitHub's status page explains an outage; the editor fetches its own inline pictures.
    "connect-src 'self' data: https://api.github.com https://www.githubstatus.com",
    // The preview pane is a document the editor makes.
    "frame-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'self'",
  ].join("; ");
}

const inlineStyle = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const styleAttribute = /\sstyle="([^"]*)"/g;
const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** A page the service renders under /admin: no script, nothing loaded, its styles by hash. */
export function renderedAdminPagePolicy(html: string): string {
  const styles = new Set([...html.matchAll(inlineStyle)].map(([, body = ""]) => sha256(body)));
  const attributes = new Set(
    [...html.matchAll(styleAttribute)].map(([, value = ""]) => sha256(value)),
  );
  return [
    "default-src 'none'",
    `style-src ${[...styles, ...(attributes.size ? ["'unsafe-hashes'", ...attributes] : [])].join(" ") || "'none'"}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}
