import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
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
    app.get(`${route}/`, (request, reply) => {
      const queryStart = request.url.indexOf("?");
      const query = queryStart === -1 ? "" : request.url.slice(queryStart);
      return reply.redirect(`${route}${query}`, 301);
    });
  }
};
