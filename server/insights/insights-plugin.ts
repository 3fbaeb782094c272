import { readdirSync } from "node:fs";
import { posix } from "node:path";
import type { FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";
import type { Config } from "../config";
import type { EnquiryStore } from "../store/enquiry-store";
import { adminPrefix } from "../url-prefixes";
import { createInsightsCounter, type Identity } from "./insights-counter";
import { countedDevice, optsOut, pageViewOf } from "./page-view";

declare module "fastify" {
  interface FastifyInstance {
    /** Counts a stored enquiry for its visitor's visit (nothing with INSIGHTS=off). */
    countEnquiry(request: FastifyRequest): void;
  }
}

/** The routes of the built site's pages: each folder's index.html, the editor's left out. */
export function pageRoutesOf(siteRoot: string): Set<string> {
  const routes = new Set<string>();
  for (const file of readdirSync(siteRoot, { recursive: true, encoding: "utf8" })) {
    const path = `/${file.split(/[\\/]/).join("/")}`;
    if (posix.basename(path) !== "index.html") continue;
    const route = posix.dirname(path);
    if (route !== adminPrefix && !route.startsWith(`${adminPrefix}/`)) routes.add(route);
  }
  return routes;
}

/** Who is asking, for the visitor's hash; undefined when they asked not to be tracked. */
function identityOf(request: FastifyRequest): Identity | undefined {
  if (optsOut(request.headers)) return undefined;
  return {
    site: request.hostname,
    address: request.ip,
    userAgent: request.headers["user-agent"] ?? "",
  };
}

/**
 * Counts the site's page views as pages are served, and enquiries as they are stored, with no
 * cookie and no script (decision 0021). Only reads the request and the status of its answer,
 * after it has gone: the answer is never held up.
 */
export const insightsPlugin = fastifyPlugin<{
  store: EnquiryStore;
  siteRoot: string;
  insights: Config["insights"];
}>(async (app, { store, siteRoot, insights }) => {
  if (!insights) {
    app.decorate("countEnquiry", () => {});
    return;
  }
  const pages = pageRoutesOf(siteRoot);
  const counter = createInsightsCounter({
    store: store.insights,
    flushMs: insights.flushSeconds * 1000,
    log: app.log.child({ component: "insights" }),
  });
  app.decorate("countEnquiry", (request: FastifyRequest) =>
    counter.enquiry(identityOf(request), request.raw.socket),
  );
  // A 304 is a page view too: the browser shows its copy of a page it had before, and a
  // returning visitor's first page of the day is often one.
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url;
    const device =
      request.method === "GET" &&
      (reply.statusCode === 200 || reply.statusCode === 304) &&
      route !== undefined &&
      pages.has(route)
        ? countedDevice(request.headers)
        : undefined;
    if (route !== undefined && device) {
      const query = request.query as Record<string, unknown>;
      const view = pageViewOf(route, device, request.headers, query, request.host);
      counter.pageView(view, identityOf(request), request.raw.socket);
      app.metrics.pageViewed(route);
    }
    done();
  });
  app.addHook("onReady", () => counter.start());
  app.addHook("onClose", () => counter.stop());
});
