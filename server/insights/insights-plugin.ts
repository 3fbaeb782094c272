import { readdirSync } from "node:fs";
import { posix } from "node:path";
import type { FastifyRequest, onResponseHookHandler } from "fastify";
import fastifyPlugin from "fastify-plugin";
import type { Config } from "../config";
import type { EnquiryStore } from "../store/enquiry-store";
import { adminPrefix } from "../url-prefixes";
import { createInsightsCounter, type Identity } from "./insights-counter";
import type { Device } from "./insights-store";
import { countedDevice, optsOut, type PageView, visitSourceOf } from "./page-view";

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

// The site's host name, worked out again only when the Host header differs from the last one:
// a server answers for one or two names, and Fastify splits the header anew on each read.
let lastHost: string | undefined;
let lastSite = "";

/** Who is asking, for the visitor's hash; undefined when they asked not to be tracked. */
function identityOf(request: FastifyRequest): Identity | undefined {
  if (optsOut(request.headers)) return undefined;
  const { host } = request;
  if (host !== lastHost) {
    lastHost = host;
    lastSite = request.hostname;
  }
  return {
    site: lastSite,
    address: request.ip,
    userAgent: request.headers["user-agent"] ?? "",
  };
}

/**
 * A counted page request. Where it came from is read only when the counter asks, for a
 * visitor's first page of the day. A class, not a closure made per request: under tsx (keepNames)
 * every arrow function assigned to a name is renamed with defineProperty as it is made, which
 * measured over 1 µs a request (decision 0021).
 */
class RequestedPage implements PageView {
  constructor(
    readonly path: string,
    readonly device: Device,
    private readonly request: FastifyRequest,
  ) {}

  cameFrom() {
    const { headers, query, host } = this.request;
    return visitSourceOf(headers, query as Record<string, unknown>, host);
  }
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
  // Each page's GET route gets a hook of its own, with its route at hand: other requests (files,
  // the editor, the API, HEAD) run no counting code at all. A 304 is a page view too: the
  // browser shows its copy of a page it had before, and a returning visitor's first page of the
  // day is often one.
  app.addHook("onRoute", (route) => {
    const path = route.url;
    if (route.method !== "GET" || path === undefined || !pages.has(path)) return;
    const viewed = app.metrics.pageViewCounter(path);
    const countPageView: onResponseHookHandler = (request, reply, done) => {
      const status = reply.statusCode;
      const device = status === 200 || status === 304 ? countedDevice(request.headers) : undefined;
      if (device) {
        const view = new RequestedPage(path, device, request);
        counter.pageView(view, identityOf(request), request.raw.socket);
        viewed();
      }
      done();
    };
    route.onResponse = [route.onResponse ?? []].flat().concat(countPageView);
  });
  app.addHook("onReady", () => counter.start());
  app.addHook("onClose", () => counter.stop());
});
