import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyPlugin from "fastify-plugin";
import { z } from "zod";
import {
  type TapTargets,
  tapChannels,
  tapSources,
  tapTargetsFile,
} from "../../contract/contact-taps";
import type { PluginOptions } from "../plugin-options";
import { countedDevice, isNavigation } from "./page-view";

// /go/phone and /go/whatsapp: the company's phone and WhatsApp links, redirected to their tel:
// and wa.me addresses and counted per day and place (decision 0035). The addresses are the
// build's (contract/contact-taps.ts), read once at startup: a request never chooses where it goes.

/** The build's targets; none when the build has none or predates them. */
export function readTapTargets(siteRoot: string): TapTargets {
  let text: string;
  try {
    text = readFileSync(join(siteRoot, tapTargetsFile), "utf8");
  } catch {
    return {};
  }
  const targets = z
    .object({
      phone: z.string().regex(/^tel:\+\d+$/),
      whatsapp: z.string().regex(/^https:\/\/wa\.me\/\d+\?text=/),
    })
    .partial()
    .parse(JSON.parse(text));
  return targets;
}

const sourceRule = `use ${tapSources.join(" or ")}`;
const tapRequest = z.object({
  params: z.object({ channel: z.enum(tapChannels, `use ${tapChannels.join(" or ")}`) }),
  query: z.object({ from: z.enum(tapSources, sourceRule) }),
});

/** The routes, given the insights' counter of taps (decision 0040: in memory, never per tap). */
export const contactTapsPlugin = fastifyPlugin<
  PluginOptions & { countTap(channel: string, source: string): void }
>(async (app, { config, countTap }) => {
  const targets = readTapTargets(config.siteRoot);
  app.get("/go/:channel", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const parsed = tapRequest.safeParse({ params: request.params, query: request.query });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.at(-1) === "from" ? "from" : "channel";
      return reply
        .code(400)
        .send({ error: `bad_${field}`, message: `${field}: ${issue?.message}` });
    }
    const { channel } = parsed.data.params;
    const target = targets[channel];
    // A detail the company left empty has no link on the site.
    if (!target) return reply.code(404).send({ error: "not_found" });
    // A person tapping the link: not a HEAD, a bot, a prefetch, or another site's <img>.
    const { headers } = request;
    if (request.method === "GET" && isNavigation(headers) && countedDevice(headers))
      countTap(channel, parsed.data.query.from);
    return reply.redirect(target, 302);
  });
});

const channelNames = { phone: "Phone", whatsapp: "WhatsApp" } as const;
const columns = tapChannels.flatMap((channel) =>
  tapSources.map((source) => ({ channel, source, name: `${channelNames[channel]} (${source})` })),
);

/**
 * The dashboard's table of taps beside enquiries: a row per day, newest first, with the day's
 * enquiries and its taps per channel and place.
 */
export function tapsTable(
  days: readonly { date: string; enquiries: number }[],
  taps: readonly { day: string; channel: string; source: string; taps: number }[],
) {
  const count = (day: string, channel: string, source: string) =>
    taps.find((tap) => tap.day === day && tap.channel === channel && tap.source === source)?.taps ??
    0;
  return {
    head: ["Date", "Enquiries", ...columns.map((column) => column.name)],
    rows: [...days]
      .reverse()
      .map((day) => [
        day.date,
        day.enquiries,
        ...columns.map((column) => count(day.date, column.channel, column.source)),
      ]),
  };
}

/** Taps by the place they were tapped, a column per channel, with their total. */
export function tapsByPlace(taps: readonly { channel: string; source: string; taps: number }[]) {
  const count = (channel: string, source?: string) =>
    taps
      .filter((tap) => tap.channel === channel && (source === undefined || tap.source === source))
      .reduce((sum, tap) => sum + tap.taps, 0);
  return {
    head: ["Tapped on", ...tapChannels.map((channel) => channelNames[channel])],
    rows: [
      ...tapSources.map((source) => [
        source,
        ...tapChannels.map((channel) => count(channel, source)),
      ]),
      ["Total", ...tapChannels.map((channel) => count(channel))],
    ],
  };
}
