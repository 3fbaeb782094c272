import { readdirSync, readFileSync, type Stats, statSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import { adminPrefix, assetsPrefix } from "../url-prefixes";
import type { Encoding } from "./accept-encoding";
import {
  adminContentSecurityPolicy,
  contentSecurityPolicy,
  inlineScriptHashes,
} from "./content-security-policy";
import { contentTypeOf } from "./content-types";
import { signedInOpenerPolicy } from "./security-headers";

/**
 * A body held in memory, or one read from disk each time it is sent: the content editor's
 * bundle, which only editors load, slowed every page request when held in memory with the
 * pages (docs/decisions/0013).
 */
export type Body = Buffer | { path: string; length: number };

/** One encoding of a file's body, with the headers it goes out with. */
export type Representation = {
  body: Body;
  /** The file on disk this encoding is, for the conditional and range requests it answers. */
  path: string;
  /** Headers of the full answer (200). */
  headers: Readonly<Record<string, string>>;
  /** Headers of a 304: those of the 200 less the ones that describe a body. */
  notModifiedHeaders: Readonly<Record<string, string>>;
};

export type SiteFile = {
  /** A prerendered page at its clean path; pages also hand out the anti-forgery cookie. */
  isPage: boolean;
  encodings: Partial<Record<Encoding, Representation>> & { identity: Representation };
};

/** The headers, security headers mostly, that every page and every other file carries. */
export type FixedHeaders = {
  page: Readonly<Record<string, string>>;
  file: Readonly<Record<string, string>>;
};

const immutable = "public, max-age=31536000, immutable";
const bodyHeaders = new Set(["content-type", "content-length", "content-encoding"]);

/**
 * Reads the prerendered build once, at startup: each page and file with its precompressed
 * siblings (written by scripts/postbuild/precompress.ts) and every response header worked out
 * in advance, so that answering an unconditional request for a page or its files touches
 * neither the disk nor a hash (a conditional or range request has its file looked at:
 * static-site.ts). The content editor's files (under the admin prefix) are the exception: only
 * their sizes and dates are read now, and their bodies are read from disk each time they are
 * sent.
 *
 * A folder's index.html is the page at the folder's clean path. No other .html file is
 * served: the build's 404.html is for static hosts without a server of their own. The .br and
 * .gz files are only ever sent as an encoding of their source.
 */
export function loadSiteFiles(siteRoot: string, fixedHeaders: FixedHeaders): Map<string, SiteFile> {
  const files = new Map<string, SiteFile>();
  for (const path of walk(siteRoot)) {
    if (path.endsWith(".br") || path.endsWith(".gz")) continue;
    const urlPath = `/${relative(siteRoot, path).split(sep).join(posix.sep)}`;
    const isPage = posix.basename(urlPath) === "index.html";
    if (urlPath.endsWith(".html") && !isPage) continue;

    const isEditor = urlPath.startsWith(`${adminPrefix}/`);
    // The editor's files are not read now: they are sized and tagged by their metadata alone.
    const load = (file: string): Loaded | undefined =>
      ifPresent(() => {
        const stat = statSync(file);
        const body = isEditor ? { path: file, length: stat.size } : readFileSync(file);
        return { path: file, stat, body };
      });
    const source = load(path);
    if (!source) continue;
    const common: Record<string, string> = {
      ...(isPage ? fixedHeaders.page : fixedHeaders.file),
      "content-type": contentTypeOf(path),
      // Only files under the assets prefix carry a content hash in their name; everything else may
      // change with the next release, so it is revalidated (cheaply, by ETag) every time.
      "cache-control": urlPath.startsWith(`${assetsPrefix}/`) ? immutable : "no-cache",
      "accept-ranges": "bytes",
    };
    if (isEditor) {
      // The content editor: its own policy, and never in a search index.
      common["x-robots-tag"] = "noindex, nofollow";
      if (isPage) {
        common["content-security-policy"] = adminContentSecurityPolicy();
        Object.assign(common, signedInOpenerPolicy);
      }
    } else if (isPage && Buffer.isBuffer(source.body)) {
      // The page's inline scripts, and no others, may run.
      common["content-security-policy"] = contentSecurityPolicy(
        inlineScriptHashes(source.body.toString("utf8")),
      );
    }
    const gzip = load(`${path}.gz`);
    const br = load(`${path}.br`);
    if (gzip || br) common.vary = "accept-encoding";

    const represent = ({ path, stat, body }: Loaded, encoding: Encoding): Representation => {
      const headers = {
        ...common,
        ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
        "content-length": String(body.length),
        ...validators(stat),
      };
      const notModifiedHeaders = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !bodyHeaders.has(name)),
      );
      return { body, path, headers, notModifiedHeaders };
    };
    const route = isPage ? posix.dirname(urlPath) : urlPath;
    files.set(route, {
      isPage,
      encodings: {
        identity: represent(source, "identity"),
        ...(gzip ? { gzip: represent(gzip, "gzip") } : {}),
        ...(br ? { br: represent(br, "br") } : {}),
      },
    });
  }
  return files;
}

type Loaded = { path: string; stat: Stats; body: Body };

/**
 * Last-Modified and ETag of one encoding's file, as @fastify/send works them out from the same
 * file when it answers a conditional or range request (static-site.ts): the validators a
 * client gets from an unconditional answer are the ones its next conditional request is judged
 * by. Each encoding is its own file, of its own size, so each has its own ETag, and a cache
 * does not pair one encoding's ETag with another's body.
 */
export function validators({ size, mtime }: Stats) {
  return {
    "last-modified": mtime.toUTCString(),
    etag: `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`,
  };
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

function ifPresent<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
