import type { FastifyRequest, onResponseHookHandler } from "fastify";
import fastifyPlugin from "fastify-plugin";
import type { Config } from "../config";
import { pagesOf } from "../site/static-site";
import type { EnquiryStore } from "../store/enquiry-store";
import { adminPrefix } from "../url-prefixes";
import { createInsightsCounter, type Identity } from "./insights-counter";
import { countedDevice, optsOut, visitSourceOf } from "./page-view";

declare module "fastify" {
  interface FastifyInstance {
    /** Counts a stored enquiry for its visitor's visit (nothing with INSIGHTS=off). */
    countEnquiry(request: FastifyRequest): void;
  }
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
  // The built site's pages, the content editor left out.
  const pages = new Set(
    [...pagesOf(siteRoot).keys()].filter(
      (route) => route !== adminPrefix && !route.startsWith(`${adminPrefix}/`),
    ),
  );
  const counter = createInsightsCounter({
    store: store.insights,
    flushMs: insights.flushSeconds * 1000,
    log: app.log.child({ component: "insights" }),
  });
  app.decorate("countEnquiry", (request: FastifyRequest) => counter.enquiry(identityOf(request)));
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
        // Where it came from is read only when the counter asks, for a visitor's first page.
        const cameFrom = () =>
          visitSourceOf(request.headers, request.query as Record<string, unknown>, request.host);
        counter.pageView({ path, device, cameFrom }, identityOf(request));
        viewed();
      }
      done();
    };
    route.onResponse = [route.onResponse ?? []].flat().concat(countPageView);
  });
  app.addHook("onReady", () => counter.start());
  app.addHook("onClose", () => counter.stop());
});
