import { createReadStream, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pipeline } from "node:stream";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { type Encoding, encodingRanker } from "./accept-encoding";
import {
  type Body,
  type FixedHeaders,
  loadSiteFiles,
  type Representation,
  type SiteFile,
} from "./site-files";
import { newXsrfCookie } from "./xsrf-token";

/**
 * Serves the prerendered build from memory: each page at its clean path, and the files beside
 * them. An unconditional GET or HEAD, nearly every request, is written straight to the socket
 * with headers worked out at startup; conditional and range requests go the ordinary way.
 */
export const staticSitePlugin: FastifyPluginAsync<{
  siteRoot: string;
  /** The security headers pages and other files carry: written with them, not by a hook. */
  fixedHeaders: FixedHeaders;
}> = async (app, options) => {
  const siteRoot = resolve(options.siteRoot);
  if (!existsSync(join(siteRoot, "index.html"))) {
    throw new Error(`No built site in ${siteRoot}: run "npm run build" first.`);
  }
  const files = loadSiteFiles(siteRoot, options.fixedHeaders);
  const rankEncodings = encodingRanker();

  for (const [path, file] of files) {
    app.get(path, (request, reply) => {
      const representation = pick(file, rankEncodings(request.headers["accept-encoding"]));
      const cookie = file.isPage ? newXsrfCookie(request) : undefined;
      if (isConditional(request))
        return answerConditional(request, reply, file, representation, cookie);
      reply.hijack();
      reply.raw.writeHead(
        200,
        cookie ? { ...representation.headers, "set-cookie": cookie } : representation.headers,
      );
      const { body } = representation;
      if (request.method === "HEAD") reply.raw.end();
      else if (Buffer.isBuffer(body)) reply.raw.end(body);
      else pipeline(createReadStream(body.path), reply.raw, () => undefined);
    });
    if (file.isPage && path !== "/") {
      app.get(`${path}/`, (request, reply) => {
        const queryStart = request.url.indexOf("?");
        const query = queryStart === -1 ? "" : request.url.slice(queryStart);
        return reply.redirect(`${path}${query}`, 301);
      });
    }
  }
};

/** The client's best accepted encoding we have; identity when it accepts none we have. */
function pick(file: SiteFile, accepted: readonly Encoding[]): Representation {
  for (const encoding of accepted) {
    const representation = file.encodings[encoding];
    if (representation) return representation;
  }
  return file.encodings.identity;
}

function isConditional({ headers }: FastifyRequest): boolean {
  return (
    headers["if-none-match"] !== undefined ||
    headers["if-modified-since"] !== undefined ||
    headers["if-match"] !== undefined ||
    headers["if-unmodified-since"] !== undefined ||
    headers.range !== undefined
  );
}

/** Preconditions in the order of RFC 9110, section 13.2.2, then a single byte range. */
function answerConditional(
  request: FastifyRequest,
  reply: FastifyReply,
  file: SiteFile,
  representation: Representation,
  cookie: string | undefined,
) {
  const { headers } = request;
  if (cookie) reply.header("set-cookie", cookie);
  const ifMatch = headers["if-match"];
  const ifUnmodifiedSince = httpDate(headers["if-unmodified-since"]);
  if (
    ifMatch !== undefined
      ? !etagListMatches(ifMatch, representation.etag, { weak: false })
      : ifUnmodifiedSince !== undefined && file.lastModifiedMs > ifUnmodifiedSince
  ) {
    return reply.code(412).send({ error: "precondition_failed" });
  }
  const ifNoneMatch = headers["if-none-match"];
  const ifModifiedSince = httpDate(headers["if-modified-since"]);
  if (
    ifNoneMatch !== undefined
      ? etagListMatches(ifNoneMatch, representation.etag, { weak: true })
      : ifModifiedSince !== undefined && file.lastModifiedMs <= ifModifiedSince
  ) {
    return reply.code(304).headers(representation.notModifiedHeaders).send();
  }
  const range = request.method === "GET" ? byteRange(request, file, representation) : undefined;
  const { body } = representation;
  if (range === "unsatisfiable") {
    return reply
      .code(416)
      .headers({ ...representation.notModifiedHeaders, "content-range": `bytes */${body.length}` })
      .send();
  }
  reply.headers(representation.headers);
  if (!range) return reply.code(200).send(bodyPart(body, 0, body.length - 1));
  const [start, end] = range;
  return reply
    .code(206)
    .header("content-range", `bytes ${start}-${end}/${body.length}`)
    .header("content-length", String(end - start + 1))
    .send(bodyPart(body, start, end));
}

/** Bytes start to end (inclusive) of a body, from memory or from its file. */
function bodyPart(body: Body, start: number, end: number) {
  if (Buffer.isBuffer(body)) return body.subarray(start, end + 1);
  return createReadStream(body.path, { start, end });
}

/**
 * One range of a Range header, as [first, last] byte; undefined to send the whole body (no
 * range, several ranges, a header we do not understand, or an If-Range that no longer holds).
 */
function byteRange(
  { headers }: FastifyRequest,
  file: SiteFile,
  { body, etag }: Representation,
): [number, number] | "unsatisfiable" | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(headers.range ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  const ifRange = headers["if-range"];
  if (
    typeof ifRange === "string" &&
    ifRange !== etag &&
    httpDate(ifRange) !== file.lastModifiedMs
  ) {
    return undefined;
  }
  const size = body.length;
  const [, first = "", last = ""] = match;
  const start = first === "" ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === "" || last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start > end || start >= size) return "unsatisfiable";
  return [start, end];
}

function etagListMatches(list: string, etag: string, { weak }: { weak: boolean }): boolean {
  if (list.trim() === "*") return true;
  return list.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === etag || (weak && tag.startsWith("W/") && tag.slice(2) === etag);
  });
}

function httpDate(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}
