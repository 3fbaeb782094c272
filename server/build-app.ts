import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { insightsDashboardPlugin } from "./admin/insights-dashboard";
import { adminSessions, signInPlugin } from "./admin/sign-in";
import type { Config } from "./config";
import { deliveryPlugin } from "./delivery/delivery-plugin";
import { enquiryRoutePlugin } from "./enquiry/enquiry-route";
import { errorsAndNotFoundPlugin } from "./errors-and-not-found";
import { insightsPlugin } from "./insights/insights-plugin";
import { loggerOptions } from "./logging";
import { metricsPlugin } from "./metrics/metrics-plugin";
import { retentionPlugin } from "./retention/retention-plugin";
import { securityHeaders, securityHeadersPlugin } from "./site/security-headers";
import { staticSitePlugin } from "./site/static-site";
import type { EnquiryStore } from "./store/enquiry-store";

/** What every plugin of the service is registered with. */
export type PluginOptions = { config: Config; store: EnquiryStore };

/**
 * The whole service over a store the caller opened and closes after the app. Closing the app
 * stops accepting, and lets in-flight requests, the current delivery and a running purge finish.
 */
export async function buildApp(
  config: Config,
  options: {
    store: EnquiryStore;
    /** Where logs go; standard output when omitted. */
    logStream?: NodeJS.WritableStream;
    /** False in the dev server, which serves the pages itself. */
    servesSite?: boolean;
  },
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: config.trustProxy,
    // A URL Fastify cannot decode skips the hooks; it still gets our headers and shape.
    frameworkErrors: (_error, _request, reply: FastifyReply) =>
      reply
        .headers({ ...securityHeaders(config), "cache-control": "no-store" })
        .status(400)
        .send({ error: "bad_url" }),
  });
  const plugin = { config, store: options.store };
  // The unencapsulated ones first: each route keeps the hooks and handlers in place when it was added.
  await app.register(errorsAndNotFoundPlugin);
  await app.register(securityHeadersPlugin, plugin);
  await app.register(fastifyCookie);
  await app.register(metricsPlugin, plugin);
  await app.register(retentionPlugin, plugin);
  await app.register(insightsPlugin, plugin);
  await app.register(deliveryPlugin, plugin);
  await app.register(enquiryRoutePlugin, { ...plugin, prefix: "/api" });

  const sessions = adminSessions({
    clientSecret: config.cmsAuth?.clientSecret,
    withoutSignIn: config.adminWithoutSignIn,
  });
  if (config.adminWithoutSignIn) {
    app.log.warn(
      "ADMIN_WITHOUT_SIGN_IN is on: /admin pages open to ANYONE who reaches this service",
    );
  }
  if (config.cmsAuth)
    await app.register(signInPlugin, { ...config.cmsAuth, sessions, prefix: "/api/cms" });
  await app.register(insightsDashboardPlugin, { ...plugin, sessions, prefix: "/admin" });
  if (options.servesSite !== false) await app.register(staticSitePlugin, plugin);
  return app;
}
