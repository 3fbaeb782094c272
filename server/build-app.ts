import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from "fastify";
import { insightsDashboardPlugin } from "./admin/insights-dashboard";
import { signInPlugin } from "./admin/sign-in";
import type { Config } from "./config";
import { deliveryService } from "./delivery/delivery-plugin";
import { enquiryRoutePlugin } from "./enquiry/enquiry-route";
import { inboxPlugin } from "./inbox/inbox-plugin";
import { contactTapsPlugin } from "./insights/contact-taps";
import { insightsService } from "./insights/insights-plugin";
import { loggerOptions } from "./logging";
import { metricsPlugin } from "./metrics/metrics-plugin";
import { pluginOptions } from "./plugin-options";
import { replyClockPlugin } from "./reply-clock/reply-clock-plugin";
import { retentionService } from "./retention/retention-plugin";
import { clientErrorAnswer, securityHeaders, securityHeadersPlugin } from "./site/security-headers";
import { staticSitePlugin } from "./site/static-site";
import { staffSessions } from "./staff/staff-sessions";
import { staffSignInPlugin } from "./staff/staff-sign-in";
import type { EnquiryStore } from "./store/enquiry-store";

const errorNames: Record<number, string> = {
  400: "invalid_request",
  404: "not_found",
  405: "method_not_allowed",
  412: "precondition_failed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  416: "range_not_satisfiable",
  429: "rate_limited",
};

const brokenJson = new Set(["FST_ERR_CTP_INVALID_JSON_BODY", "FST_ERR_CTP_EMPTY_JSON_BODY"]);

/** The whole service over a store the caller opened and closes after closing the app. */
export async function buildApp(
  config: Config,
  options: {
    store: EnquiryStore;
    /** Where logs go; standard output when omitted. */
    logStream?: NodeJS.WritableStream;
    /** False in the dev server, which serves the pages itself. */
    servesSite?: boolean;
    /** The time the staff pages read their reply clock at; a test fixes it. */
    now?: () => Date;
  },
): Promise<FastifyInstance> {
  const requestTimeout = config.requestTimeoutSeconds * 1000;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // A request must arrive whole, and a connection mid-request may not fall silent, within the
    // timeout. Node checks for late requests on an interval (30 s unless set), so a slowloris
    // is closed at most a second after its time is up; it times a request's body out only when
    // it was created with the timeout, as well as given it after (as Fastify does).
    requestTimeout,
    connectionTimeout: requestTimeout,
    http: { requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout) },
    trustProxy: config.trustProxy,
    clientErrorHandler: clientErrorAnswer(config),
    // A URL Fastify cannot decode skips the hooks; it still gets our headers and shape.
    frameworkErrors: (_error, _request, reply: FastifyReply) =>
      reply
        .headers({ ...securityHeaders(config), "cache-control": "no-store" })
        .status(400)
        .send({ error: "bad_url" }),
  });
  // Every failure answers a short JSON name and never echoes the request; an unknown page goes
  // home. Set first: a route keeps the handlers and hooks in place when it was added.
  app.setNotFoundHandler((request, reply) => {
    const isPage = !/^\/(api|assets)\//.test(request.url);
    if (isPage && (request.method === "GET" || request.method === "HEAD"))
      return reply.redirect("/", 302);
    return reply.code(404).send({ error: "not_found" });
  });
  app.setErrorHandler(
    (error: FastifyError & { headers?: Record<string, string> }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status < 400 || status >= 500) {
        request.log.error({ err: error }, "request failed");
        return reply.code(500).send({ error: "internal_error" });
      }
      // The headers an error carries, such as a 416's Content-Range.
      if (error.headers) reply.headers(error.headers);
      // A fixed name only: a parser's message can quote the body back.
      const invalidJson = brokenJson.has(error.code) || error instanceof SyntaxError;
      return reply
        .code(status)
        .send({ error: invalidJson ? "invalid_json" : (errorNames[status] ?? "bad_request") });
    },
  );
  const plugin = pluginOptions(config, options.store);
  // What one plugin does at another's asking, handed over here.
  const retention = retentionService(plugin);
  const insights = insightsService(plugin, app.log);
  const delivery = deliveryService(plugin, { afterDelivery: retention.afterDelivery });
  await app.register(securityHeadersPlugin, plugin);
  await app.register(fastifyCookie);
  await app.register(metricsPlugin, plugin);
  await app.register(retention.plugin);
  await app.register(insights.plugin);
  await app.register(contactTapsPlugin, { ...plugin, countTap: insights.countTap });
  await app.register(delivery.plugin);
  await app.register(replyClockPlugin, plugin);
  await app.register(enquiryRoutePlugin, {
    ...plugin,
    countEnquiry: insights.countEnquiry,
    countHeld: insights.countHeld,
    wakeDelivery: delivery.wake,
    prefix: "/api",
  });

  const sessions = staffSessions({
    store: options.store.staff,
    withoutSignIn: config.adminWithoutSignIn,
  });
  if (config.adminWithoutSignIn) {
    app.log.warn(
      "ADMIN_WITHOUT_SIGN_IN is on: /admin pages open to ANYONE who reaches this service",
    );
  }
  if (config.cmsAuth) await app.register(signInPlugin, { ...config.cmsAuth, prefix: "/api/cms" });
  await app.register(staffSignInPlugin, { ...plugin, sessions, prefix: "/admin" });
  await app.register(insightsDashboardPlugin, { ...plugin, sessions, prefix: "/admin" });
  await app.register(inboxPlugin, {
    ...plugin,
    sessions,
    wakeDelivery: delivery.wake,
    now: options.now,
    prefix: "/admin",
  });
  if (options.servesSite !== false) await app.register(staticSitePlugin, plugin);
  return app;
}
