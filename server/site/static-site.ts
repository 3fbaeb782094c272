import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import { adminPrefix, assetsPrefix } from "../url-prefixes";
import { adminContentSecurityPolicy, pagePolicy } from "./content-security-policy";
import { signedInOpenerPolicy } from "./security-headers";

type Headers = Readonly<Record<string, string>>;

/** The headers, security headers mostly, that every page and every other file carries. */
export type FixedHeaders = { page: Headers; file: Headers };

/** Each prerendered page: its clean path, and its file in the build (a folder's index.html). */
export function pagesOf(siteRoot: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const entry of readdirSync(siteRoot, { recursive: true, encoding: "utf8" })) {
    const file = entry.split(/[\\/]/).join("/");
    if (posix.basename(file) === "index.html") pages.set(posix.dirname(`/${file}`), file);
  }
  return pages;
}

const immutable = "public, max-age=31536000, immutable";
const editorHeaders = { "x-robots-tag": "noindex, nofollow" };

/**
 * Serves the prerendered build with @fastify/static: each page at its clean path, the files
 * beside them at theirs, each in the best encoding the client takes of the `.br`/`.gz`
 * siblings the build writes, with ETag, Last-Modified, conditional and range requests.
 * A page's policy is the one its <meta> states, read once at startup.
 */
export const staticSitePlugin: FastifyPluginAsync<{
  siteRoot: string;
  fixedHeaders: FixedHeaders;
}> = async (app, { fixedHeaders, ...options }) => {
  const siteRoot = resolve(options.siteRoot);
  if (!existsSync(join(siteRoot, "index.html"))) {
    throw new Error(`No built site in ${siteRoot}: run "npm run build" first.`);
  }
  const pages = pagesOf(siteRoot);
  const headersByRoute = new Map<string, Headers>();
  for (const [route, file] of pages) {
    const isEditor = route === adminPrefix || route.startsWith(`${adminPrefix}/`);
    headersByRoute.set(route, {
      ...fixedHeaders.page,
      "cache-control": "no-cache",
      // The content editor has its own policy, and is never in a search index.
      ...(isEditor
        ? {
            ...editorHeaders,
            ...signedInOpenerPolicy,
            "content-security-policy": adminContentSecurityPolicy(),
          }
        : {
            "content-security-policy": pagePolicy(readFileSync(join(siteRoot, file), "utf8")),
          }),
    });
  }
  // Only files under the assets prefix carry a content hash in their name; everything else may
  // change with the next release, so it is revalidated (cheaply, by ETag) every time.
  const fileHeaders = (route: string): Headers => ({
    ...fixedHeaders.file,
    "cache-control": route.startsWith(`${assetsPrefix}/`) ? immutable : "no-cache",
    ...(route.startsWith(`${adminPrefix}/`) ? editorHeaders : {}),
  });

  await app.register(fastifyStatic, {
    root: siteRoot,
    preCompressed: true,
    // A route per file, found at startup. Not the .br and .gz files, which are only ever sent as
    // an encoding of their source, nor any .html: pages are served at their clean paths below,
    // and the build's 404.html is for static hosts without a server of their own.
    wildcard: false,
    globIgnore: ["**/*.br", "**/*.gz", "**/*.html"],
    index: false,
    cacheControl: false,
    setHeaders(reply) {
      const route = reply.request.routeOptions.url ?? "";
      reply.headers(headersByRoute.get(route) ?? fileHeaders(route));
    },
  });

  for (const [route, file] of pages) {
    app.get(route, (_request, reply) => reply.sendFile(file));
    if (route !== "/") {
      app.get(`${route}/`, (request, reply) => {
        const queryStart = request.url.indexOf("?");
        const query = queryStart === -1 ? "" : request.url.slice(queryStart);
        return reply.redirect(`${route}${query}`, 301);
      });
    }
  }
};
