import fastifyPlugin from "fastify-plugin";
import { createTransport } from "nodemailer";
import type { PluginOptions } from "../plugin-options";
import { smtpTransportOptions } from "../smtp";
import { businessClock } from "./business-hours";
import { startReplyReminders } from "./reply-reminders";

/** With mail set, reminds the team of each enquiry that passed its first-reply target unanswered. */
export const replyClockPlugin = fastifyPlugin<PluginOptions>(async (app, { config, store }) => {
  const { mail, replyClock, delivery } = config;
  if (!mail) return;
  // A stalled mail server fails the reminder (its timeouts are bounded), tried again later.
  const smtp = createTransport(smtpTransportOptions(mail.smtpUrl));
  let reminders: ReturnType<typeof startReplyReminders> | undefined;
  app.addHook("onReady", async () => {
    reminders = startReplyReminders({
      store,
      clock: businessClock(replyClock.hours),
      targetMinutes: replyClock.targetMinutes,
      send: (message) => smtp.sendMail(message),
      addresses: mail,
      leaseMs: delivery.leaseMs,
      log: app.log.child({ component: "reply-clock" }),
    });
  });
  app.addHook("onClose", async () => {
    await reminders?.stop();
    smtp.close();
  });
});
