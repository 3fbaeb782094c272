import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy";
import { issueXsrfCookie } from "./xsrf-token";

type Page = { route: string; file: string; policy: string };

/** Every prerendered page: a folder (or the root) holding index.html. */
function findPages(siteRoot: string): Page[] {
  const pages: Page[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== "assets") visit(join(dir, entry.name));
    }
    const index = join(dir, "index.html");
    if (!existsSync(index)) return;
    const folder = relative(siteRoot, dir).split(sep).join(posix.sep);
    pages.push({
      route: `/${folder}`,
      file: posix.join("/", folder, "index.html"),
      policy: contentSecurityPolicy(inlineScriptHashes(readFileSync(index, "utf8"))),
    });
  };
  visit(siteRoot);
  return pages;
}

const immutable = "public, max-age=31536000, immutable";

/**
 * Serves the prerendered build: each page at its clean path, and the files beside them. The
 * build's 404.html and __spa-fallback.html are for static hosts without a server of their own;
 * here unknown paths redirect home instead, so no .html file is reachable by its own name.
 */
export async function serveStaticSite(app: FastifyInstance, siteRoot: string): Promise<void> {
  const pages = findPages(siteRoot);

  await app.register(fastifyStatic, {
    root: siteRoot,
    wildcard: false,
    // The site is fixed for the life of the process, so one route per file (found at startup)
    // beats a wildcard; .br/.gz siblings are picked by Accept-Encoding, never requested directly.
    globIgnore: ["**/*.html", "**/*.br", "**/*.gz"],
    index: false,
    redirect: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply) {
      // Only files under /assets/ carry a content hash in their name; everything else may
      // change with the next release, so it is revalidated (cheaply, by ETag) every time.
      const path = reply.request.url;
      reply.header("cache-control", path.startsWith("/assets/") ? immutable : "no-cache");
    },
  });

  for (const page of pages) {
    app.get(page.route, (request, reply) => {
      reply.header("content-security-policy", page.policy);
      issueXsrfCookie(request, reply);
      return reply.sendFile(page.file);
    });
    if (page.route !== "/") {
      app.get(`${page.route}/`, (request, reply) => {
        const queryStart = request.url.indexOf("?");
        const query = queryStart === -1 ? "" : request.url.slice(queryStart);
        return reply.redirect(`${page.route}${query}`, 301);
      });
    }
  }
}
