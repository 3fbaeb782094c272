import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type SmtpPeer = {
  port: number;
  received: ReceivedMail[];
  /** Messages whose data has started arriving (received or not yet acknowledged). */
  started(): number;
  close(): Promise<void>;
};

/**
 * A real SMTP server on loopback that keeps every message it accepts. `ackDelayMs` holds each
 * message's final acknowledgement back, to catch a sender in the middle of a delivery.
 */
export async function startSmtpPeer({ port = 0, ackDelayMs = 0 } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let started = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      started++;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        setTimeout(() => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        }, ackDelayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address !== "object") throw new Error("SMTP peer has no port");
  return {
    port: address.port,
    received,
    started: () => started,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** One MIME part's decoded body, e.g. mimePart(raw, "text/html"). */
export function mimePart(raw: string, contentType: string): string | undefined {
  const start = raw.indexOf(`Content-Type: ${contentType}`);
  if (start === -1) return undefined;
  const headerEnd = raw.indexOf("\r\n\r\n", start);
  const headers = raw.slice(start, headerEnd);
  const bodyEnd = raw.indexOf("\r\n--", headerEnd);
  const body = raw.slice(headerEnd + 4, bodyEnd === -1 ? undefined : bodyEnd);
  if (/Content-Transfer-Encoding: base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return body;
}

/** A header's value (unfolded). */
export function mailHeader(raw: string, name: string): string | undefined {
  const headerBlock = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const line = headerBlock
    .split("\r\n")
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
