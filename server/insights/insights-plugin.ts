import type { FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";
import type { PluginOptions } from "../build-app";
import { isEditorPath, pagesOf } from "../site/static-site";
import { createInsightsCounter } from "./insights-counter";
import {
  countedDevice,
  downloadSourceOf,
  isDownload,
  label,
  optsOut,
  sourceOf,
  startsAFile,
} from "./page-view";

declare module "fastify" {
  interface FastifyInstance {
    /** Counts a stored enquiry for its visitor's visit (nothing with INSIGHTS=off). */
    countEnquiry(request: FastifyRequest): void;
  }
}

/** Who is asking, for the visitor's hash; undefined when they asked not to be tracked. */
const identityOf = ({ headers, hostname, ip }: FastifyRequest) =>
  optsOut(headers)
    ? undefined
    : { site: hostname, address: ip, userAgent: headers["user-agent"] ?? "" };

/**
 * Counts the site's page views as they are served, and enquiries as they are stored, with no
 * cookie and no script (decision 0021), after the answer has gone.
 */
export const insightsPlugin = fastifyPlugin<PluginOptions>(async (app, { config, store }) => {
  if (!config.insights) {
    app.decorate("countEnquiry", () => {});
    return;
  }
  const pages = new Set([...pagesOf(config.siteRoot).keys()].filter((path) => !isEditorPath(path)));
  // Every page's series exists from the start, at zero.
  for (const route of pages) app.metrics.pageViews.inc({ route }, 0);
  const counter = createInsightsCounter({
    store: store.insights,
    flushMs: config.insights.flushSeconds * 1000,
    log: app.log.child({ component: "insights" }),
  });
  app.decorate("countEnquiry", (request: FastifyRequest) => counter.enquiry(identityOf(request)));
  // A 304 is a page view too: the browser shows its copy of a page it had before.
  app.addHook("onResponse", async (request, reply) => {
    const path = request.routeOptions.url;
    if (request.method !== "GET" || !path || !pages.has(path)) return;
    if (reply.statusCode !== 200 && reply.statusCode !== 304) return;
    const device = countedDevice(request.headers);
    if (!device) return;
    const query = request.query as Record<string, unknown>;
    const cameFrom = () => ({
      source: sourceOf(query.utm_source, request.headers.referer, request.host),
      medium: label(query.utm_medium),
      campaign: label(query.utm_campaign),
    });
    counter.pageView({ path, device, cameFrom }, identityOf(request));
    app.metrics.pageViews.inc({ route: path });
  });
  // A download counts as a page view does, with no visitor: a file's request has no visit.
  app.addHook("onResponse", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (request.method !== "GET" || !isDownload(path)) return;
    if (!startsAFile(reply.statusCode, request.headers.range)) return;
    if (!countedDevice(request.headers)) return;
    const query = request.query as Record<string, unknown>;
    counter.download(
      path,
      downloadSourceOf(query.utm_source, request.headers.referer, request.host),
    );
  });
  app.addHook("onReady", () => counter.start());
  app.addHook("onClose", () => counter.stop());
});
