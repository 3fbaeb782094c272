import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { listenOnLoopback } from "./loopback-listener";

/** A mail server's refusal, with the code and words Nodemailer reports. */
const refusal = (code: number, words: string) =>
  Object.assign(new Error(words), { responseCode: code });

/**
 * A real SMTP server on loopback that keeps every message it accepts. `ackDelayMs` holds each
 * message's final acknowledgement back, to catch a sender in the middle of a delivery. `refuse`
 * says, of a recipient, whether to refuse it at RCPT or the whole message after its DATA.
 */
export async function startSmtpPeer({
  port = 0,
  ackDelayMs = 0,
  refuse = (_address: string): "rcpt" | "data" | undefined => undefined,
} = {}) {
  const received: {
    /** The envelope's sender and recipients, as the SMTP session gave them. */
    from: string;
    to: string[];
    /** The message as sent, for checks on its exact header lines. */
    raw: string;
    /** Decoded by mailparser: header values unfolded, bodies out of their transfer encoding. */
    subject: string | undefined;
    messageId: string | undefined;
    replyTo: string | undefined;
    text: string | undefined;
    html: string | undefined;
  }[] = [];
  let started = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse(address.address) === "rcpt")
        return callback(refusal(550, "5.1.1 Mailbox unavailable"));
      callback();
    },
    onData(stream, session, callback) {
      started++;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (session.envelope.rcptTo.some((rcpt) => refuse(rcpt.address) === "data"))
          return callback(refusal(554, "5.7.1 Message refused"));
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) =>
            setTimeout(() => {
              received.push({
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                raw: raw.toString("utf8"),
                subject: parsed.subject,
                messageId: parsed.messageId,
                replyTo: parsed.replyTo?.text,
                text: parsed.text,
                html: parsed.html || undefined,
              });
              callback();
            }, ackDelayMs),
          (error: Error) => callback(error),
        );
      });
    },
  });
  // Closed by the SMTP server itself, which lets a session finish its message first.
  const listening = await listenOnLoopback(server.server, port);
  return {
    port: listening.port,
    received,
    /** Messages whose data has started arriving (received or not yet acknowledged). */
    started: () => started,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
