import { randomInt, timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from "fastify";
import { createTransport } from "nodemailer";
import { z } from "zod";
import type { PluginOptions } from "../plugin-options";
import { isFromAnotherOrigin } from "../same-origin";
import { renderedAdminPagePolicy } from "../site/content-security-policy";
import { securityHeaders } from "../site/security-headers";
import { smtpTransportOptions } from "../smtp";
import type { StaffMember } from "../store/schema";
import { staffAddress } from "../store/staff-store";
import { passkeyRoutes } from "./passkeys";
import { codeStep, emailStep, firstStaffPage, signedInPage, signInPaths } from "./sign-in-pages";
import { newToken, type StaffSessions, staffCookie, tokenHash } from "./staff-sessions";

// Staff sign in with a code mailed to the address an owner invited (decision 0044): the code is
// 6 digits, works once within 10 minutes, and is kept only as a hash keyed by the sign-in's own
// cookie, so the store alone cannot be searched for it. An unknown address gets the same answer
// and no mail. Attempts are counted in the store, so the limits hold across instances.

export const codeSeconds = 10 * 60;

/** Per hour, each counted in the store under a hash of its key. */
export const signInLimits = {
  /** Codes asked for one address, whether it is staff's or not. */
  codesPerAddress: 5,
  /** Codes asked for from one network address. */
  codesPerNetwork: 20,
  /** Codes tried, or passkey sign-ins begun, from one network address. */
  triesPerNetwork: 30,
};
/** Tries of one mailed code before it stops working. */
export const triesPerCode = 5;

const signInCookie = "staff-sign-in";

const emailForm = z.object({ email: z.email().max(254) });
const codeForm = z.object({ code: z.string().transform((code) => code.replace(/\s/g, "")) });

const problems = {
  email: "Enter your email address, like name@example.co.za.",
  code: "Enter the 6 digits from the mail.",
  wrongCode: "That code is wrong, used or out of date. Check the mail, or ask for a new code.",
  tooMany: "Too many attempts. Please try again in an hour.",
};

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const codeMail = (to: string, from: string, code: string) => ({
  from: { name: "Website sign-in", address: from },
  to,
  subject: "Your sign-in code",
  text: [
    `Your code to sign in to the website's staff pages: ${code}`,
    "",
    "It works once, within 10 minutes. If you did not ask for it, you can ignore this mail: nobody can sign in without the code.",
    "",
  ].join("\n"),
});

/** /admin/sign-in, its code step and signing out; forms that post, answered by a redirect. */
export const staffSignInPlugin: FastifyPluginAsync<
  PluginOptions & { sessions: StaffSessions }
> = async (app, { config, store, sessions }) => {
  const { mail } = config;
  const smtp = mail && createTransport(smtpTransportOptions(mail.smtpUrl));
  if (!mail) {
    app.log.warn(
      "SMTP_URL is not set: staff sign-in codes are written to this log instead of mailed",
    );
  }
  app.addHook("onClose", async () => smtp?.close());

  /** Mailed without waiting, so a known address answers as fast as an unknown one. */
  function deliverCode(log: FastifyBaseLogger, staff: StaffMember, code: string) {
    // The person by their id only: logs hold no personal information.
    const who = { staffId: staff.id };
    if (!smtp || !mail) {
      log.warn(who, `sign-in code ${code} for a member of staff (mail is off: SMTP_URL)`);
      return;
    }
    smtp.sendMail(codeMail(staff.email, mail.from, code)).catch((error: { code?: string }) =>
      // The code only: a mail server's message can quote the address.
      log.error({ ...who, reason: error.code ?? "failed" }, "sign-in code could not be mailed"),
    );
  }

  const headers = {
    ...securityHeaders(config),
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-robots-tag": "noindex",
  };
  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header("content-security-policy", renderedAdminPagePolicy(html))
      .type("text/html; charset=utf-8")
      .send(html);

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(headers);
    if (request.method === "POST" && isFromAnotherOrigin(request, config.siteUrl))
      return reply.code(403).send({ error: "cross_origin_request" });
  });

  /** Counts an attempt under each key; whether any is over its limit for the hour. */
  async function overLimit(now: Date, counts: [key: string, limit: number][]) {
    let over = false;
    for (const [key, limit] of counts)
      if ((await store.staff.countAttempt(tokenHash(key), now)) > limit) over = true;
    return over;
  }

  await app.register(passkeyRoutes, {
    config,
    store: store.staff,
    sessions,
    overLimit: (request) =>
      overLimit(new Date(), [[`tries from ${request.ip}`, signInLimits.triesPerNetwork]]),
  });

  app.get("/sign-in", async (request, reply) => {
    const staff = await sessions.signedIn(request);
    return sendHtml(reply, 200, staff ? signedInPage(staff.name) : emailStep());
  });

  app.post("/sign-in", async (request, reply) => {
    const form = emailForm.safeParse(request.body);
    if (!form.success) return sendHtml(reply, 400, emailStep(problems.email));
    const address = staffAddress(form.data.email);
    const now = new Date();
    await store.staff.forgetExpired(now);
    const limited = await overLimit(now, [
      [`codes for ${address}`, signInLimits.codesPerAddress],
      [`codes from ${request.ip}`, signInLimits.codesPerNetwork],
    ]);
    if (limited) return sendHtml(reply, 429, emailStep(problems.tooMany));
    const token = newToken();
    const staff = await store.staff.staffByEmail(address);
    if (staff) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const expires = new Date(now.getTime() + codeSeconds * 1000);
      const codeHash = tokenHash(token, code);
      await store.staff.saveSignInCode(
        { tokenHash: tokenHash(token), staffId: staff.id, codeHash },
        expires,
      );
      deliverCode(request.log, staff, code);
    }
    reply.setCookie(signInCookie, token, staffCookie(reply, signInPaths.email, codeSeconds));
    return reply.redirect(signInPaths.code, 303);
  });

  app.get("/sign-in/code", async (request, reply) => {
    if (!request.cookies[signInCookie]) return reply.redirect(signInPaths.email, 303);
    return sendHtml(reply, 200, codeStep());
  });

  app.post("/sign-in/code", async (request, reply) => {
    const token = request.cookies[signInCookie];
    if (!token) return reply.redirect(signInPaths.email, 303);
    const form = codeForm.safeParse(request.body);
    const code = form.data?.code ?? "";
    if (!/^\d{6}$/.test(code)) return sendHtml(reply, 400, codeStep(problems.code));
    const now = new Date();
    if (await overLimit(now, [[`tries from ${request.ip}`, signInLimits.triesPerNetwork]]))
      return sendHtml(reply, 429, codeStep(problems.tooMany));
    const expected = tokenHash(token, code);
    const staff = await store.staff.takeSignInCode(
      tokenHash(token),
      (codeHash) => sameHash(codeHash, expected),
      { now, maxTries: triesPerCode },
    );
    if (!staff) return sendHtml(reply, 401, codeStep(problems.wrongCode));
    reply.clearCookie(signInCookie, staffCookie(reply, signInPaths.email, 0));
    await sessions.start(reply, staff);
    request.log.info({ staffId: staff.id }, "staff signed in");
    // Without a passkey yet: the signed-in page, which offers one.
    const hasPasskey = (await store.staff.passkeysOf(staff.id)).length > 0;
    return reply.redirect(hasPasskey ? firstStaffPage : signInPaths.email, 303);
  });

  app.post("/sign-out", async (request, reply) => {
    await sessions.end(request, reply);
    return reply.redirect(signInPaths.email, 303);
  });
};
