import { existsSync } from "node:fs";
import { resolve } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { Config } from "./config";
import { checkDelivery, startDeliveryAlerts } from "./delivery/delivery-alert";
import { type DeliveryWorker, startDeliveryWorker } from "./delivery/delivery-worker";
import { composeEnquiryMail } from "./delivery/enquiry-mail";
import { createSmtpSender } from "./delivery/smtp-sender";
import { enquiryPath, registerEnquiryRoute } from "./enquiry/enquiry-route";
import { loggerOptions } from "./logging";
import { listenForMetrics, type MetricsListener } from "./metrics/metrics-listener";
import { createServiceMetrics } from "./metrics/service-metrics";
import { type RetentionSchedule, startRetentionSchedule } from "./retention/enquiry-retention";
import { addSecurityHeaders, securityHeaders } from "./site/security-headers";
import { serveStaticSite } from "./site/static-site";
import { openEnquiryStore } from "./store/open-enquiry-store";

export type AppOptions = {
  /** Where logs go; standard output when omitted. Tests pass a stream to inspect them. */
  logStream?: NodeJS.WritableStream;
};

const errorNames: Record<number, string> = {
  400: "invalid_request",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

const jsonErrors = new Set(["FST_ERR_CTP_INVALID_JSON_BODY", "FST_ERR_CTP_EMPTY_JSON_BODY"]);

/** Every refusal answers `{ "error": "<name>" }`; the name is the metrics' reason. */
function errorName(payload: unknown): string {
  try {
    const { error } = JSON.parse(String(payload)) as { error?: unknown };
    return typeof error === "string" ? error : "other";
  } catch {
    return "other";
  }
}

/**
 * The whole service: the site, the send call, the store and the delivery worker. Closing the
 * app stops accepting, lets in-flight requests and the current delivery finish, then closes
 * the store.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const siteRoot = resolve(config.siteRoot);
  if (!existsSync(resolve(siteRoot, "index.html"))) {
    throw new Error(`No built site in ${siteRoot}: run "npm run build" first.`);
  }
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: config.trustProxy,
    // A URL Fastify cannot even decode skips the hooks; it still gets our headers and shape.
    frameworkErrors: (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      reply.headers({ ...securityHeaders(config), "cache-control": "no-store" });
      reply.status(400).send({ error: "bad_url" });
    },
  });
  const store = await openEnquiryStore(config.databaseUrl, {
    warn: (message) => app.log.warn(message),
  });
  app.addHook("onClose", () => store.close());

  if (!config.botCheck.secret) {
    app.log.warn("RECAPTCHA_SECRET is not set: the bot check is SKIPPED for every enquiry");
  }
  let retention: RetentionSchedule | undefined;
  app.addHook("onReady", async () => {
    retention = startRetentionSchedule({
      store,
      retentionDays: config.retentionDays,
      log: app.log.child({ component: "retention" }),
    });
  });
  // Registered after the store's hook, so it runs before it: hooks close in reverse order.
  app.addHook("onClose", async () => {
    await retention?.stop();
  });

  const metrics = createServiceMetrics(store);
  let metricsListener: MetricsListener | undefined;
  const { metrics: metricsAddress } = config;
  if (metricsAddress) {
    app.addHook("onReady", async () => {
      metricsListener = await listenForMetrics(metrics.registry, metricsAddress, (error) =>
        app.log.error({ err: error }, "metrics could not be collected"),
      );
      app.log.info(`Metrics at http://${metricsAddress.host}:${metricsListener.port}/metrics`);
    });
    app.addHook("onClose", async () => {
      await metricsListener?.close();
    });
  }

  let deliveryAlerts: { stop(): Promise<void> } | undefined;
  app.addHook("onReady", async () => {
    deliveryAlerts = startDeliveryAlerts({
      store,
      alertAfterMinutes: config.deliveryAlertAfterMinutes,
      log: app.log.child({ component: "delivery" }),
    });
  });
  app.addHook("onClose", async () => {
    await deliveryAlerts?.stop();
  });

  let worker: DeliveryWorker | undefined;
  if (config.mail) {
    const { mail } = config;
    const sender = createSmtpSender(mail.smtpUrl);
    app.addHook("onReady", async () => {
      worker = startDeliveryWorker({
        store,
        compose: (enquiry) => composeEnquiryMail(enquiry, mail),
        send: sender.send,
        backoff: config.retry,
        leaseMs: config.delivery.leaseMs,
        pollMs: config.delivery.pollMs,
        log: app.log.child({ component: "delivery" }),
        onOutcome: (outcome) => {
          metrics.deliveryOutcome(outcome);
          // 0 days: the company mailbox is the record, so the copy goes once it is there.
          if (outcome === "delivered" && config.retentionDays === 0) void retention?.runNow();
        },
      });
    });
    // Registered after the store's hook, so it runs before it: hooks close in reverse order.
    app.addHook("onClose", async () => {
      await worker?.stop();
      sender.close();
    });
  } else {
    app.log.warn("SMTP_URL is not set: enquiries are stored but wait, undelivered, until it is");
  }

  // Set before any route: a route keeps the handlers in place when it was registered.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const isPage = !path.startsWith("/api/") && !path.startsWith("/assets/");
    if (isPage && (request.method === "GET" || request.method === "HEAD")) {
      // Spec, section 2: any other path goes home.
      return reply.redirect("/", 302);
    }
    return reply.code(404).send({ error: "not_found" });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // A fixed name only: parser messages can quote the body back.
      const brokenJson = jsonErrors.has(error.code) || error instanceof SyntaxError;
      return reply.code(status).send({
        error: brokenJson ? "invalid_json" : (errorNames[status] ?? "bad_request"),
      });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ error: "internal_error" });
  });

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  addSecurityHeaders(app, { hsts: config.hsts });

  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (request, reply) => {
    try {
      await store.ping();
      const { pending: _, ...delivery } = await checkDelivery(
        store,
        config.deliveryAlertAfterMinutes,
      );
      return { status: "ready", delivery };
    } catch (error) {
      request.log.error({ err: error }, "store unreachable");
      return reply.code(503).send({ error: "store_unavailable" });
    }
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    // Files set their own policy; answers (JSON, redirects) are never worth caching.
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
  // JSON is the only body we take: without this, text/plain would reach the handler as a string.
  app.removeContentTypeParser("text/plain");

  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "POST" || request.routeOptions.url !== enquiryPath) return payload;
    if (reply.statusCode === 201) metrics.enquiryAccepted();
    else if (reply.statusCode >= 400) metrics.enquiryRefused(errorName(payload));
    return payload;
  });
  registerEnquiryRoute(app, { config, store, onStored: () => worker?.wake() });
  await serveStaticSite(app, siteRoot, securityHeaders(config));

  return app;
}
