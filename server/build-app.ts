import fastifyCookie from "@fastify/cookie";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { adminSessions } from "./admin/admin-session";
import { cmsAuthPlugin } from "./admin/cms-auth";
import { insightsDashboardPlugin } from "./admin/insights-dashboard";
import type { Config } from "./config";
import { deliveryLifecyclePlugin } from "./delivery/delivery-lifecycle";
import { enquiryRoutePlugin } from "./enquiry/enquiry-route";
import { errorsAndNotFoundPlugin } from "./errors-and-not-found";
import { healthPlugin } from "./health";
import { insightsPlugin } from "./insights/insights-plugin";
import { loggerOptions } from "./logging";
import { metricsLifecyclePlugin } from "./metrics/metrics-lifecycle";
import { retentionLifecyclePlugin } from "./retention/retention-lifecycle";
import {
  fileSecurityHeaders,
  securityHeaders,
  securityHeadersPlugin,
} from "./site/security-headers";
import { staticSitePlugin } from "./site/static-site";
import type { EnquiryStore } from "./store/enquiry-store";
import { adminPrefix, apiPrefix } from "./url-prefixes";

export type AppOptions = {
  /** Opened by the caller, who closes it after the app: closing the app never closes it. */
  store: EnquiryStore;
  /** Where logs go; standard output when omitted. Tests pass a stream to inspect them. */
  logStream?: NodeJS.WritableStream;
  /** False in the dev server, which serves the pages from source (scripts/dev-enquiry-service.ts). */
  servesSite?: boolean;
};

/**
 * The whole service: the site, the send call, delivery, retention and metrics, over a store
 * the caller opened. Closing the app stops accepting, and lets in-flight requests, the current
 * delivery and a running purge finish.
 */
export async function buildApp(config: Config, options: AppOptions): Promise<FastifyInstance> {
  const { store } = options;
  const pageHeaders = securityHeaders(config);
  const badUrlHeaders = { ...pageHeaders, "cache-control": "no-store" };
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: config.trustProxy,
    // A URL Fastify cannot even decode skips the hooks; it still gets our headers and shape.
    frameworkErrors: (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      reply.headers(badUrlHeaders);
      reply.status(400).send({ error: "bad_url" });
    },
  });

  // Shared by every route below, so registered first and unencapsulated.
  await app.register(errorsAndNotFoundPlugin);
  await app.register(securityHeadersPlugin, { hsts: config.hsts });
  await app.register(fastifyCookie);
  await app.register(metricsLifecyclePlugin, { store, address: config.metrics });
  await app.register(retentionLifecyclePlugin, {
    store,
    retentionDays: config.retentionDays,
    insightsRetentionMonths: config.insightsRetentionMonths,
    channels: { email: Boolean(config.mail), webhook: Boolean(config.webhook) },
    siteRoot: config.siteRoot,
  });
  await app.register(insightsPlugin, {
    store,
    siteRoot: config.siteRoot,
    // The dev server serves the pages itself, from source: there is no build to count pages of.
    insights: options.servesSite === false ? undefined : config.insights,
  });
  await app.register(deliveryLifecyclePlugin, {
    mail: config.mail,
    webhook: config.webhook,
    acknowledgement: config.acknowledgement,
    retry: config.retry,
    delivery: config.delivery,
    deliveryAlertAfterMinutes: config.deliveryAlertAfterMinutes,
    store,
    onOutcome: (channel, outcome) => {
      app.metrics.deliveryOutcome(channel, outcome);
      // 0 days: the company's mailbox or CRM is the record, so the copy goes once every
      // channel has it (the purge keeps an enquiry while any job is pending).
      if (outcome === "delivered" && config.retentionDays === 0) void app.runRetentionNow();
    },
  });

  await app.register(healthPlugin, {
    store,
    deliveryAlertAfterMinutes: config.deliveryAlertAfterMinutes,
  });
  await app.register(enquiryRoutePlugin, {
    prefix: apiPrefix,
    botCheck: config.botCheck,
    enquiryRateLimitPerMinute: config.enquiryRateLimitPerMinute,
    store,
  });
  const sessions = adminSessions({
    clientSecret: config.cmsAuth?.clientSecret,
    withoutSignIn: config.adminWithoutSignIn,
  });
  if (config.adminWithoutSignIn) {
    app.log.warn(
      "ADMIN_WITHOUT_SIGN_IN is on: /admin pages open to ANYONE who reaches this service",
    );
  }
  if (config.cmsAuth) {
    await app.register(cmsAuthPlugin, { ...config.cmsAuth, sessions, prefix: `${apiPrefix}/cms` });
  }
  await app.register(insightsDashboardPlugin, {
    insights: store.insights,
    sessions,
    pageHeaders,
    prefix: adminPrefix,
  });
  if (options.servesSite !== false) {
    await app.register(staticSitePlugin, {
      siteRoot: config.siteRoot,
      fixedHeaders: { page: pageHeaders, file: fileSecurityHeaders(config) },
    });
  }
  return app;
}
