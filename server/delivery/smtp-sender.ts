import { createTransport } from "nodemailer";
import type { EnquiryMail } from "./enquiry-mail";
import { smtpTransportOptions } from "./smtp-tls";

export type SmtpSender = {
  send(mail: EnquiryMail): Promise<void>;
  close(): void;
};

export function createSmtpSender(smtpUrl: string): SmtpSender {
  // Bounded timeouts: a mail server that accepts the connection and then stalls must count as
  // a failed attempt (and be retried), not hold the worker for ever.
  const transport = createTransport({
    ...smtpTransportOptions(smtpUrl),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close() {
      transport.close();
    },
  };
}
