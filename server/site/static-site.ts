import { createReadStream, existsSync, type Stats } from "node:fs";
import { join, resolve } from "node:path";
import { pipeline } from "node:stream";
import send from "@fastify/send";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { type Encoding, encodingRanker } from "./accept-encoding";
import {
  type FixedHeaders,
  loadSiteFiles,
  type Representation,
  type SiteFile,
  validators,
} from "./site-files";

/**
 * Serves the prerendered build from memory: each page at its clean path, and the files beside
 * them. An unconditional GET or HEAD, nearly every request, is written straight to the socket
 * with headers worked out at startup; conditional and range requests go the ordinary way, judged
 * by @fastify/send.
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
      if (isConditional(request)) return answerConditional(request, reply, representation);
      reply.hijack();
      reply.raw.writeHead(200, representation.headers);
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

/**
 * Preconditions (RFC 9110, section 13), then a single byte range, judged by @fastify/send
 * against the representation's file, whose validators are the ones the fast path sends
 * (site-files.ts). Its answer's status and range are kept; the headers are ours, worked out at
 * startup. A file that changed on disk since then (a build replaced under a running server)
 * is not the one the client was sent: the whole body we hold answers instead.
 */
async function answerConditional(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
) {
  let judged: Stats | undefined;
  // send() takes its path as a URL path and decodes it; a file's path is not one.
  const { statusCode, headers, stream } = await send(
    request.raw,
    representation.path.replaceAll("%", "%25"),
    {
      dotfiles: "allow",
      cacheControl: false,
      contentType: false,
      onFile: (_, stat) => {
        judged = stat;
      },
    },
  );
  const unchanged = judged && validators(judged).etag === representation.headers.etag;
  if (!unchanged || statusCode !== 206) stream.destroy();
  if (!unchanged) return sendWhole(reply, representation);
  switch (statusCode) {
    case 206:
      return reply
        .code(206)
        .headers(representation.headers)
        .headers({
          "content-range": headers["Content-Range"],
          "content-length": headers["Content-Length"],
        })
        .send(stream);
    case 304:
      return reply.code(304).headers(representation.notModifiedHeaders).send();
    case 412:
      return reply.code(412).send({ error: "precondition_failed" });
    case 416:
      return reply
        .code(416)
        .headers({
          ...representation.notModifiedHeaders,
          "content-range": headers["Content-Range"],
        })
        .send();
    default:
      return sendWhole(reply, representation);
  }
}

function sendWhole(reply: FastifyReply, { headers, body }: Representation) {
  return reply
    .code(200)
    .headers(headers)
    .send(Buffer.isBuffer(body) ? body : createReadStream(body.path));
}
