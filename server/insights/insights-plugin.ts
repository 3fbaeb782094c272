import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";
import type { PluginOptions } from "../plugin-options";
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

/** A Host header's name, without the port: every instance behind one address agrees. */
const hostOf = (host = "") => host.replace(/:\d*$/, "");

/**
 * Who is asking, for the visitor's hash; undefined when they asked not to be tracked. The site
 * is the Host the proxy passes on: X-Forwarded-Host is the visitor's to write (decision 0032).
 */
const identityOf = ({ headers, ip }: FastifyRequest) =>
  optsOut(headers)
    ? undefined
    : { site: hostOf(headers.host), address: ip, userAgent: headers["user-agent"] ?? "" };

/**
 * Counts the site's page views and downloads as they are served, enquiries as they are stored
 * (`countEnquiry`) and taps on the contact links (`countTap`), with no cookie and no script
 * (decision 0021), in memory, after the answer has gone (decision 0040).
 */
export function insightsService({ config, store, metrics }: PluginOptions, log: FastifyBaseLogger) {
  const counter =
    config.insights &&
    createInsightsCounter({
      store: store.insights,
      flushMs: config.insights.flushSeconds * 1000,
      log: log.child({ component: "insights" }),
    });
  const plugin = fastifyPlugin(async (app) => {
    if (!counter) return;
    const pages = new Set(
      [...pagesOf(config.siteRoot).keys()].filter((path) => !isEditorPath(path)),
    );
    // Every page's series exists from the start, at zero.
    for (const route of pages) metrics.pageViews.inc({ route }, 0);
    // A 304 is a page view too: the browser shows its copy of a page it had before.
    app.addHook("onResponse", async (request, reply) => {
      const path = request.routeOptions.url;
      if (request.method !== "GET" || !path || !pages.has(path)) return;
      if (reply.statusCode !== 200 && reply.statusCode !== 304) return;
      const device = countedDevice(request.headers);
      if (!device) return;
      const query = request.query as Record<string, unknown>;
      const cameFrom = () => ({
        source: sourceOf(query.utm_source, request.headers.referer, request.headers.host ?? ""),
        medium: label(query.utm_medium),
        campaign: label(query.utm_campaign),
      });
      counter.pageView({ path, device, cameFrom }, identityOf(request));
      metrics.pageViews.inc({ route: path });
    });
    // A download counts once a day per visitor and file, when it starts at the first byte: a
    // request for a later part (a PDF viewer's) or a repeat is no new download.
    app.addHook("onResponse", async (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      if (request.method !== "GET" || !isDownload(path)) return;
      if (!startsAFile(reply.statusCode, request.headers.range)) return;
      if (!countedDevice(request.headers)) return;
      const query = request.query as Record<string, unknown>;
      const host = request.headers.host ?? "";
      const source = downloadSourceOf(query.utm_source, request.headers.referer, host);
      counter.download(path, source, identityOf(request));
    });
    app.addHook("onReady", () => counter.start());
    app.addHook("onClose", () => counter.stop());
  });
  return {
    plugin,
    /**
     * Counts a stored enquiry for its visitor's visit (nothing with INSIGHTS=off), and gives the
     * enquiry that visit's entry page and source.
     */
    countEnquiry(request: FastifyRequest, enquiryId: string) {
      if (counter) counter.enquiry(identityOf(request), enquiryId);
    },
    /** Counts a held send for its day, apart from enquiries and their visits (decision 0039). */
    countHeld() {
      if (counter) counter.held();
    },
    /** Counts a tap on a contact link (nothing with INSIGHTS=off). */
    countTap(channel: string, source: string) {
      if (counter) counter.tap(channel, source);
    },
  };
}
