import { createHash } from "node:crypto";

// React Router's prerendered pages carry inline <script>s (router context, module bootstrap,
// streaming glue). Rather than allow inline script wholesale, each page is sent with a policy
// listing the SHA-256 of exactly the inline scripts in that page.

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
// JSON-LD and other JSON data blocks are never run, so script-src does not govern them and
// they need no hash.
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
    // Each page carries its CSS in <style> elements (inlined at build time) and React writes
    // style attributes (the highlight grid's column count).
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

/**
 * The content editor's own policy (/admin, Sveltia CMS; docs/decisions/0013-git-based-content-editor.md).
 * Its scripts, fonts and styles come from our own origin; it talks to GitHub's API and shows the
 * editors' avatars. No inline script and no evaluated code: the site's script rule without the
 * pages' hashes.
 */
export function adminContentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com",
    "font-src 'self' data:",
    // GitHub's API, and its status page, which the editor reads to explain an outage; it also
    // reads its own inline pictures (data:) through fetch.
    "connect-src 'self' data: https://api.github.com https://www.githubstatus.com",
    // The preview pane is a frame of a document the editor makes (blob:).
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

/**
 * The policy of a page the service renders itself under /admin (the insights dashboard): it
 * runs no script at all and loads nothing; its own <style> and the style attributes its chart
 * library writes are allowed by hash, one by one.
 */
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
