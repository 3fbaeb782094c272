import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { createTransport } from "nodemailer";
import { z } from "zod";
import { enquiryTypeValues } from "../../contract/enquiry";
import { csvLine } from "../csv";
import type { PluginOptions } from "../plugin-options";
import { businessClock } from "../reply-clock/business-hours";
import { isFromAnotherOrigin } from "../same-origin";
import { renderedAdminPagePolicy } from "../site/content-security-policy";
import { securityHeaders, signedInOpenerPolicy } from "../site/security-headers";
import { smtpTransportOptions } from "../smtp";
import type { StaffSessions } from "../staff/staff-sessions";
import { inboxStatuses, inboxViews } from "../store/inbox-store";
import { enquiryStages, type StaffMember } from "../store/schema";
import {
  enquiryPage,
  enquiryPath,
  inboxPage,
  notFoundPage,
  ownersOnlyPage,
  ownersPage,
  ownersPath,
  signInFirstPage,
  timeline,
} from "./inbox-pages";
import { composeReplyMail, type ReplyRecord } from "./reply-mail";

// The staff inbox at /admin/enquiries and the owners' page at /admin/staff (decision 0045):
// pages for signed-in staff only, whatever a proxy's headers say; forms that post, refused from
// other sites, answered by a redirect. Every view, export and change of an enquiry is recorded
// in its timeline, with who and when.

/** Rows a view shows: the newest, as a person reads an inbox. */
export const inboxPageSize = 50;

/** A page's edge in the URL, as inbox-pages.tsx writes it: the enquiry's time, then its id. */
const pageEdge =
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const edgeOf = (direction: "older" | "newer", edge: string | undefined) => {
  const [receivedAt = "", id = ""] = edge?.split("_") ?? [];
  return edge === undefined ? undefined : { direction, receivedAt, id };
};
const blankIsAbsent = (value: unknown) => (value === "" ? undefined : value);
const listQuery = z.object({
  view: z.enum(inboxViews).default("new"),
  q: z.preprocess(blankIsAbsent, z.string().trim().max(100).optional()),
  type: z.preprocess(blankIsAbsent, z.enum(enquiryTypeValues).optional()),
  status: z.preprocess(blankIsAbsent, z.enum(inboxStatuses).optional()),
  older: z.string().regex(pageEdge).optional(),
  newer: z.string().regex(pageEdge).optional(),
});
const stageForm = z.object({ stage: z.enum(enquiryStages) });
const ownerForm = z.object({ owner: z.string().max(64).default("") });
const noteForm = z.object({ note: z.string().trim().min(1).max(4000) });
const inviteForm = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(254),
  owner: z.literal("yes").optional(),
});
const removeForm = z.object({ email: z.string().max(254) });
const replyForm = z.object({ reply: z.string().trim().min(1).max(10_000) });
const staffChoice = z.string().max(64).default("");
const routingForm = z.object(
  Object.fromEntries(enquiryTypeValues.map((type) => [type, staffChoice])),
);
/** What the page after a reply says of it. */
const replyOutcomes = ["sent", "refused"] as const;

/** The first problem, as the 400's JSON names it. */
const problemOf = (error: z.ZodError, name: string) => ({
  error: `bad_${name}`,
  message: error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)[0],
});

export const inboxPlugin: FastifyPluginAsync<
  PluginOptions & { sessions: StaffSessions; wakeDelivery: () => void; now?: () => Date }
> = async (
  app,
  { config, store, plan, sessions, wakeDelivery, now: clockNow = () => new Date() },
) => {
  const clock = businessClock(config.replyClock.hours);
  /** The reply clock at this moment, as the pages show it. */
  const replyClock = () => ({
    clock,
    targetMinutes: config.replyClock.targetMinutes,
    now: clockNow(),
  });
  const headers = {
    ...securityHeaders(config),
    ...signedInOpenerPolicy,
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-robots-tag": "noindex",
  };
  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .code(status)
      .header("content-security-policy", renderedAdminPagePolicy(html))
      .type("text/html; charset=utf-8")
      .send(html);
  /** Who is signed in, for each request let through; none under ADMIN_WITHOUT_SIGN_IN alone. */
  const people = new WeakMap<FastifyRequest, StaffMember>();
  const personOf = (request: FastifyRequest) => people.get(request);
  const staffIdOf = (request: FastifyRequest) => personOf(request)?.id ?? null;
  // Replies go out as the enquiry mail does; none without SMTP_URL.
  const smtp = config.mail && createTransport(smtpTransportOptions(config.mail.smtpUrl));
  app.addHook("onClose", async () => {
    if (smtp) smtp.close();
  });
  /** The enquiry id in the URL, in the store's lower case. */
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(headers);
    const person = await sessions.signedIn(request);
    if (person) people.set(request, person);
    else if (!(await sessions.allows(request))) {
      if (request.method !== "GET") return reply.code(401).send({ error: "sign_in_required" });
      return sendHtml(reply, signInFirstPage, 401);
    }
    if (request.method === "POST" && isFromAnotherOrigin(request, config.siteUrl))
      return reply.code(403).send({ error: "cross_origin_request" });
  });

  app.get("/enquiries", async (request, reply) => {
    const parsed = listQuery.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send(problemOf(parsed.error, "query"));
    const { view, q, type, status, older, newer } = parsed.data;
    const query = {
      view,
      staffId: staffIdOf(request) ?? undefined,
      search: q || undefined,
      type,
      status,
      limit: inboxPageSize,
      from: edgeOf("older", older) ?? edgeOf("newer", newer),
    };
    const list = await store.inbox.list(query);
    return sendHtml(
      reply,
      inboxPage({ query, list, me: personOf(request), replyClock: replyClock() }),
    );
  });

  /** The enquiry the URL names, or a 404 (HTML for a page, JSON for a form). */
  async function enquiryOf(request: FastifyRequest, reply: FastifyReply) {
    const found = await store.inbox.read(idOf(request));
    if (!found) {
      if (request.method === "GET") sendHtml(reply, notFoundPage, 404);
      else reply.code(404).send({ error: "not_found" });
    }
    return found;
  }

  app.get("/enquiries/:id", async (request, reply) => {
    const id = idOf(request);
    // Recorded before reading, so the page shows this view too.
    const at = replyClock();
    await store.inbox.record(id, staffIdOf(request), "viewed", at.now);
    const found = await enquiryOf(request, reply);
    if (!found) return reply;
    const staff = await store.staff.listStaff();
    const { reply: outcome } = request.query as { reply?: string };
    return sendHtml(
      reply,
      enquiryPage({
        enquiryCase: found,
        staff,
        me: personOf(request),
        replyClock: at,
        canReply: Boolean(smtp),
        replied: replyOutcomes.find((known) => known === outcome),
      }),
    );
  });

  app.get("/enquiries/:id/export.csv", async (request, reply) => {
    const id = idOf(request);
    await store.inbox.record(id, staffIdOf(request), "exported", new Date());
    const found = await enquiryOf(request, reply);
    if (!found) return reply;
    const { enquiry } = found;
    const rows = [
      ["field", "value"],
      ...(
        [
          "id",
          "receivedAt",
          "name",
          "email",
          "phone",
          "companyName",
          "enquiryType",
          "message",
          "inboxStatus",
          "ownerName",
          "entryPage",
          "source",
        ] as const
      ).map((key) => [key, String(enquiry[key] ?? "")]),
      ...timeline(found).map((happening) => [
        happening.at,
        typeof happening.what === "string" ? happening.what : (happening.plain ?? "Note"),
      ]),
    ];
    return reply
      .header("content-disposition", `attachment; filename="enquiry-${enquiry.id}.csv"`)
      .type("text/csv; charset=utf-8")
      .send(`${rows.map(csvLine).join("\r\n")}\r\n`);
  });

  /** Answers a form that changed an enquiry: its timeline, newest first, or what was wrong. */
  const back = (reply: FastifyReply, id: string, outcome: string) =>
    outcome === "not_found"
      ? reply.code(404).send({ error: "not_found" })
      : reply.redirect(`${enquiryPath(id)}#timeline`, 303);

  app.post("/enquiries/:id/status", async (request, reply) => {
    const id = idOf(request);
    const form = stageForm.safeParse(request.body);
    if (!form.success) return reply.code(400).send(problemOf(form.error, "status"));
    const now = new Date();
    const outcome = await store.inbox.setStage(id, form.data.stage, staffIdOf(request), now);
    // Contacted, or any stage past New, says someone answered: the reply clock stops (0048).
    if (outcome !== "not_found" && form.data.stage !== "new")
      await store.replies.stopClock(id, now);
    return back(reply, id, outcome);
  });

  app.post("/enquiries/:id/owner", async (request, reply) => {
    const id = idOf(request);
    const form = ownerForm.safeParse(request.body ?? {});
    if (!form.success) return reply.code(400).send(problemOf(form.error, "owner"));
    const staff = await store.staff.listStaff();
    const owner = staff.find((person) => person.id === form.data.owner);
    if (form.data.owner && !owner)
      return reply.code(400).send({ error: "bad_owner", message: "owner: not a member of staff" });
    const outcome = await store.inbox.setOwner(id, owner ?? null, staffIdOf(request), new Date());
    return back(reply, id, outcome);
  });

  app.post("/enquiries/:id/notes", async (request, reply) => {
    const id = idOf(request);
    const form = noteForm.safeParse(request.body);
    if (!form.success) return reply.code(400).send(problemOf(form.error, "note"));
    const added = await store.inbox.addNote(id, form.data.note, staffIdOf(request), new Date());
    return back(reply, id, added ? "done" : "not_found");
  });

  /**
   * A reply to the visitor, mailed now (decision 0049): recorded in the timeline as sent, or as
   * refused with the mail server's reason, never as sent when it was not. The first one sent
   * stops the reply clock.
   */
  app.post("/enquiries/:id/reply", async (request, reply) => {
    const id = idOf(request);
    if (!smtp || !config.mail)
      return reply.code(409).send({
        error: "mail_off",
        message: "SMTP_URL is not set: replies cannot be sent from the inbox",
      });
    const form = replyForm.safeParse(request.body);
    if (!form.success) return reply.code(400).send(problemOf(form.error, "reply"));
    const found = await enquiryOf(request, reply);
    if (!found) return reply;
    if (found.enquiry.status !== "accepted")
      return reply.code(409).send({
        error: "not_accepted",
        message: "release a held enquiry before replying to it",
      });
    const text = form.data.reply;
    const mail = composeReplyMail(
      found.enquiry,
      { text, signedBy: personOf(request)?.name },
      config.mail,
    );
    const record: ReplyRecord = { text };
    try {
      await smtp.sendMail(mail);
    } catch (error) {
      const { response, message, code } = error as {
        response?: string;
        message?: string;
        code?: string;
      };
      record.refused = String(response ?? message ?? "no answer").slice(0, 300);
      // The code only: a mail server's answer can quote the visitor's address.
      request.log.error({ enquiryId: id, reason: code ?? "failed" }, "reply could not be mailed");
    }
    const now = new Date();
    await store.inbox.record(id, staffIdOf(request), "reply", now, JSON.stringify(record));
    if (!record.refused) {
      await store.replies.stopClock(id, now);
      request.log.info({ enquiryId: id, staffId: staffIdOf(request) }, "reply mailed");
    }
    const outcome: (typeof replyOutcomes)[number] = record.refused ? "refused" : "sent";
    return reply.redirect(`${enquiryPath(id)}?reply=${outcome}#reply-outcome`, 303);
  });

  /** Release or spam: only a held enquiry; once, however many press the button. */
  for (const decision of ["release", "spam"] as const) {
    app.post(`/enquiries/:id/${decision}`, async (request, reply) => {
      const id = idOf(request);
      const now = new Date();
      const outcome =
        decision === "release" ? await store.releaseHeld(id, now, plan) : await store.markSpam(id);
      if (outcome === "not_held")
        return reply.code(409).send({ error: "not_held", message: "it is no longer held" });
      if (outcome === "done") {
        await store.inbox.record(
          id,
          staffIdOf(request),
          decision === "release" ? "released" : "spam",
          now,
        );
        if (decision === "release") wakeDelivery();
        request.log.info(
          { enquiryId: id, staffId: staffIdOf(request) },
          `held enquiry: ${decision}`,
        );
      }
      return back(reply, id, outcome);
    });
  }

  /** The owners' page: owners only, the same store operations as `npm run staff`. */
  const ownerOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (personOf(request)?.owner) return;
    if (request.method === "GET") return sendHtml(reply, ownersOnlyPage, 403);
    return reply.code(403).send({ error: "owners_only" });
  };

  const showOwners = async (request: FastifyRequest, reply: FastifyReply, problem?: string) =>
    sendHtml(
      reply,
      ownersPage({
        staff: await store.staff.listStaff(),
        routes: await store.inbox.routes(),
        me: personOf(request),
        problem,
      }),
      problem ? 400 : 200,
    );

  app.get("/staff", { preHandler: ownerOnly }, (request, reply) => showOwners(request, reply));

  app.post("/staff", { preHandler: ownerOnly }, async (request, reply) => {
    const form = inviteForm.safeParse(request.body);
    if (!form.success)
      return showOwners(request, reply, "Give the person's name and a valid email address.");
    const { name, email, owner } = form.data;
    const added = await store.staff.addStaff({ name, email, owner: owner === "yes" }, new Date());
    if (!added) return showOwners(request, reply, "That address is staff already.");
    request.log.info({ by: staffIdOf(request) }, "staff member invited");
    return reply.redirect(ownersPath, 303);
  });

  /** Who answers each enquiry type (decision 0049): their new enquiries are stored as theirs. */
  app.post("/staff/routing", { preHandler: ownerOnly }, async (request, reply) => {
    const form = routingForm.safeParse(request.body ?? {});
    if (!form.success) return reply.code(400).send(problemOf(form.error, "routing"));
    const staffIds = new Set((await store.staff.listStaff()).map((person) => person.id));
    const routes = Object.fromEntries(
      Object.entries(form.data).filter(([, staffId]) => staffId !== ""),
    );
    const unknown = Object.entries(routes).find(([, staffId]) => !staffIds.has(staffId));
    if (unknown)
      return reply
        .code(400)
        .send({ error: "bad_routing", message: `${unknown[0]}: not a member of staff` });
    await store.inbox.setRoutes(routes);
    request.log.info({ by: staffIdOf(request) }, "routing set");
    return reply.redirect(ownersPath, 303);
  });

  app.post("/staff/remove", { preHandler: ownerOnly }, async (request, reply) => {
    const form = removeForm.safeParse(request.body);
    if (!form.success) return reply.code(400).send(problemOf(form.error, "email"));
    if (form.data.email.toLowerCase() === personOf(request)?.email)
      return showOwners(request, reply, "You cannot remove yourself; ask another owner.");
    await store.staff.removeStaff(form.data.email);
    request.log.info({ by: staffIdOf(request) }, "staff member removed");
    return reply.redirect(ownersPath, 303);
  });
};
