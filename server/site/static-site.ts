import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { type Redirects, redirectsFile } from "../../contract/redirects";
import type { PluginOptions } from "../plugin-options";
import { adminContentSecurityPolicy, pagePolicy } from "./content-security-policy";
import { fileSecurityHeaders, securityHeaders, signedInOpenerPolicy } from "./security-headers";

/** Each prerendered page: its clean path, and its file in the build (a folder's index.html). */
export function pagesOf(siteRoot: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const entry of readdirSync(siteRoot, { recursive: true, encoding: "utf8" })) {
    const file = entry.split(/[\\/]/).join("/");
    if (posix.basename(file) === "index.html") pages.set(posix.dirname(`/${file}`), file);
  }
  return pages;
}

/** The build's moved pages (contract/redirects.ts); none when it has none or predates them. */
function readRedirects(siteRoot: string): Redirects {
  const file = join(siteRoot, redirectsFile);
  if (!existsSync(file)) return {};
  const path = z.string().regex(/^\/[a-z0-9/-]*$/);
  return z.record(path, path).parse(JSON.parse(readFileSync(file, "utf8")));
}

/** The query a request came with, "?" included, for the address it is sent on to. */
const queryOf = (request: FastifyRequest) => {
  const queryStart = request.url.indexOf("?");
  return queryStart === -1 ? "" : request.url.slice(queryStart);
};

/** The content editor (Sveltia CMS), built into the site. */
export const isEditorPath = (path: string) => path === "/admin" || path.startsWith("/admin/");

/**
 * The prerendered build, by @fastify/static: pages at clean paths, each file in the best encoding
 * of its `.br`/`.gz` siblings the client takes, with ETag, conditional and range requests. A
 * page's policy is the one its <meta> states, read once at startup.
 */
export const staticSitePlugin: FastifyPluginAsync<PluginOptions> = async (app, { config }) => {
  const siteRoot = resolve(config.siteRoot);
  if (!existsSync(join(siteRoot, "index.html"))) {
    throw new Error(`No built site in ${siteRoot}: run "npm run build" first.`);
  }
  const pages = pagesOf(siteRoot);
  const editor = { "x-robots-tag": "noindex, nofollow" };
  const headersByRoute = new Map<string, Record<string, string>>();
  for (const [route, file] of pages) {
    headersByRoute.set(route, {
      ...securityHeaders(config),
      "cache-control": "no-cache",
      ...(isEditorPath(route)
        ? {
            ...editor,
            ...signedInOpenerPolicy,
            "content-security-policy": adminContentSecurityPolicy(),
          }
        : {
            "content-security-policy": pagePolicy(readFileSync(join(siteRoot, file), "utf8")),
          }),
    });
  }
  // Only files under /assets/ have a content hash in their name; the rest is revalidated by ETag.
  const fileHeaders = (route: string) => ({
    ...fileSecurityHeaders(config),
    "cache-control": route.startsWith("/assets/")
      ? "public, max-age=31536000, immutable"
      : "no-cache",
    ...(isEditorPath(route) ? editor : {}),
  });

  await app.register(fastifyStatic, {
    root: siteRoot,
    preCompressed: true,
    // A route per file, found at startup; not the .br and .gz siblings, nor any .html: pages
    // have their clean paths, and 404.html is for static hosts.
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
    if (route === "/") continue;
    app.get(`${route}/`, (request, reply) => reply.redirect(`${route}${queryOf(request)}`, 301));
  }
  // A page that moved (a product's former address) answers where it is now, for good.
  for (const [from, to] of Object.entries(readRedirects(siteRoot))) {
    for (const route of [from, `${from}/`]) {
      app.get(route, (request, reply) => reply.redirect(`${to}${queryOf(request)}`, 301));
    }
  }
};
