import { createHash } from "node:crypto";

const metaPolicy = /<meta http-equiv="content-security-policy" content="([^"]*)"/i;

/**
 * A page's policy: the one Astro wrote into its <meta> (astro.config.ts: the hashes of the
 * page's inline scripts and styles), plus what only a header can say.
 */
export function pagePolicy(html: string): string {
  const policy = metaPolicy.exec(html)?.[1]?.trim().replace(/;$/, "");
  if (!policy) throw new Error("a built page has no content-security-policy <meta>");
  return `${policy}; frame-ancestors 'none'`;
}

/**
 * The content editor's (/admin, built apart from the pages): GitHub's API and avatars, no inline
 * script. Each source beyond 'self' is one the built editor is refused without: its thumbnails
 * of uploaded pictures are blob: addresses of the files it read, its own pictures data: addresses
 * it draws and fetches, its preview a blob: frame; pictures in the repository come through
 * GitHub's API (Sveltia names no raw.githubusercontent.com).
 */
export function adminContentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com",
    "font-src 'self' data:",
    // GitHub's status page explains an outage.
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

/**
 * A page the service renders under /admin: nothing loaded but the site's own font files, its
 * styles by hash; its forms, if it
 * has any, post to this service only; its scripts, if it has any, are files from this service,
 * which may call it (never an inline script).
 */
export function renderedAdminPagePolicy(html: string): string {
  const styles = new Set([...html.matchAll(inlineStyle)].map(([, body = ""]) => sha256(body)));
  const attributes = new Set(
    [...html.matchAll(styleAttribute)].map(([, value = ""]) => sha256(value)),
  );
  return [
    "default-src 'none'",
    ...(/<script\b[^>]*\ssrc=/i.test(html) ? ["script-src 'self'", "connect-src 'self'"] : []),
    `style-src ${[...styles, ...(attributes.size ? ["'unsafe-hashes'", ...attributes] : [])].join(" ") || "'none'"}`,
    ...(/@font-face/.test(html) ? ["font-src 'self'"] : []),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    `form-action ${/<form\b/i.test(html) ? "'self'" : "'none'"}`,
  ].join("; ");
}
