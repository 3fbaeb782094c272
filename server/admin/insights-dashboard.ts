import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { PluginOptions } from "../build-app";
import { csvLine } from "../csv";
import { dayColumns, readInsightsReport } from "../insights/insights-report";
import { renderedAdminPagePolicy } from "../site/content-security-policy";
import { securityHeaders, signedInOpenerPolicy } from "../site/security-headers";
import { dashboardPage, dashboardRanges, signInPage } from "./insights-page";
import type { AdminSessions } from "./sign-in";

const rangeQuery = z.object({
  days: z
    .enum(
      dashboardRanges.map(String) as ["7", "30", "90"],
      `use ${dashboardRanges.join(", ").replace(/, (\d+)$/, " or $1")}`,
    )
    .default("30")
    .transform((days) => Number(days) as (typeof dashboardRanges)[number]),
});

/** /admin/insights and its table per day as CSV, for the site's editors, cached by nobody. */
export const insightsDashboardPlugin: FastifyPluginAsync<
  PluginOptions & { sessions: AdminSessions }
> = async (app, { config, store, sessions }) => {
  const headers = {
    ...securityHeaders(config),
    ...signedInOpenerPolicy,
    "cache-control": "no-store",
    "x-robots-tag": "noindex",
  };
  app.addHook("onRequest", async (request, reply) => {
    if (sessions.allows(request)) return;
    reply.code(401).headers(headers);
    if (request.url.startsWith("/admin/insights.csv"))
      return reply.send({ error: "sign_in_required" });
    const page = signInPage(sessions.canSignIn ? "/api/cms/auth?for=insights" : undefined);
    return reply
      .header("content-security-policy", renderedAdminPagePolicy(page))
      .type("text/html; charset=utf-8")
      .send(page);
  });

  /** The report for ?days=, or a 400 naming the problem. */
  async function report(query: unknown) {
    const parsed = rangeQuery.safeParse(query);
    if (!parsed.success)
      return {
        problem: { error: "bad_days", message: `days: ${parsed.error.issues[0]?.message}` },
      };
    const { days } = parsed.data;
    return { days, report: await readInsightsReport(store.insights, { days }) };
  }

  app.get("/insights", async (request, reply) => {
    const { days, report: read, problem } = await report(request.query);
    if (!read) return reply.code(400).headers(headers).send(problem);
    const page = dashboardPage(read, days);
    return reply
      .headers({ ...headers, "content-security-policy": renderedAdminPagePolicy(page) })
      .type("text/html; charset=utf-8")
      .send(page);
  });

  app.get("/insights.csv", async (request, reply) => {
    const { report: read, problem } = await report(request.query);
    if (!read) return reply.code(400).headers(headers).send(problem);
    const lines = [
      dayColumns.map(([name]) => name),
      ...read.days.map((day) => dayColumns.map(([, value]) => value(day))),
    ];
    return reply
      .headers({
        ...headers,
        "content-disposition": `attachment; filename="insights-${read.from}-to-${read.to}.csv"`,
      })
      .type("text/csv; charset=utf-8")
      .send(`${lines.map(csvLine).join("\r\n")}\r\n`);
  });
};
