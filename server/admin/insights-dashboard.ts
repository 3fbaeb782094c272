import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { readInsightsReport } from "../insights/insights-report";
import type { InsightsStore } from "../insights/insights-store";
import { renderedAdminPagePolicy } from "../site/content-security-policy";
import { signedInOpenerPolicy } from "../site/security-headers";
import type { AdminSessions } from "./admin-session";
import { dashboardPage, dashboardRanges, dayColumns, signInPage } from "./insights-page";

// GET <prefix>/insights (the dashboard) and <prefix>/insights.csv (its table per day), for the
// people who may edit the site (admin-session.ts). Rendered per request from the daily
// counts; nothing is cached, by us or by anyone between.

const rangeQuery = z.object({
  days: z
    .enum(
      dashboardRanges.map(String) as ["7", "30", "90"],
      `use ${dashboardRanges.join(", ").replace(/, (\d+)$/, " or $1")}`,
    )
    .default("30")
    .transform((days) => Number(days) as (typeof dashboardRanges)[number]),
});

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvField(value: string | number): string {
  const text = typeof value === "number" ? String(value) : value.replace(/^[=+\-@\t\r]/, "'$&");
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const insightsDashboardPlugin: FastifyPluginAsync<{
  insights: InsightsStore;
  sessions: AdminSessions;
  /** The security headers of the site's pages; each page gets its own policy on top. */
  pageHeaders: Record<string, string>;
}> = async (app, { insights, sessions, pageHeaders }) => {
  const signInUrl = sessions.canSignIn ? "/api/cms/auth?for=insights" : undefined;
  const headers = {
    ...pageHeaders,
    ...signedInOpenerPolicy,
    "cache-control": "no-store",
    "x-robots-tag": "noindex",
  };

  app.addHook("onRequest", async (request, reply) => {
    if (sessions.allows(request)) return;
    if (request.url.startsWith(`${app.prefix}/insights.csv`)) {
      return reply.code(401).headers(headers).send({ error: "sign_in_required" });
    }
    const page = signInPage(signInUrl);
    return reply
      .code(401)
      .headers(headers)
      .header("content-security-policy", renderedAdminPagePolicy(page))
      .type("text/html; charset=utf-8")
      .send(page);
  });

  /** The report for ?days=, or a 400 naming the problem. */
  const range = (query: unknown) => {
    const parsed = rangeQuery.safeParse(query);
    return parsed.success
      ? { days: parsed.data.days }
      : { problem: { error: "bad_days", message: `days: ${parsed.error.issues[0]?.message}` } };
  };

  app.get("/insights", async (request, reply) => {
    const { days, problem } = range(request.query);
    if (!days) return reply.code(400).headers(headers).send(problem);
    const page = dashboardPage(await readInsightsReport(insights, { days }), days);
    return reply
      .headers(headers)
      .header("content-security-policy", renderedAdminPagePolicy(page))
      .type("text/html; charset=utf-8")
      .send(page);
  });

  app.get("/insights.csv", async (request, reply) => {
    const { days, problem } = range(request.query);
    if (!days) return reply.code(400).headers(headers).send(problem);
    const report = await readInsightsReport(insights, { days });
    const lines = [
      dayColumns.map(([name]) => csvField(name)).join(","),
      ...report.days.map((day) => dayColumns.map(([, value]) => csvField(value(day))).join(",")),
    ];
    return reply
      .headers(headers)
      .type("text/csv; charset=utf-8")
      .header(
        "content-disposition",
        `attachment; filename="insights-${report.from}-to-${report.to}.csv"`,
      )
      .send(`${lines.join("\r\n")}\r\n`);
  });
};
