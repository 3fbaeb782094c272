import { isIP } from "node:net";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import type SMTPTransport from "nodemailer/lib/smtp-transport";

// Enquiry mails carry a visitor's name, phone number, address and message (POPIA personal
// information), so they cross the network only encrypted: smtps://, or smtp:// with STARTTLS
// required. Nodemailer's default for smtp:// is to upgrade only when the server offers it,
// which anyone on the path can stop by hiding the offer. Only a mail server on this machine
// (a local relay, the test suite's SMTP peer) may be spoken to in plain text.

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

/**
 * Why this SMTP_URL would let enquiry mail travel unencrypted to another machine, or undefined
 * when it is safe. Nodemailer reads options from the URL's query, which is where such a
 * setting would hide.
 */
export function smtpTlsProblem(smtpUrl: string): string | undefined {
  const options = parseConnectionUrl(smtpUrl);
  if (!options.host || isLoopbackHost(options.host)) return undefined;
  if (options.ignoreTLS === true) {
    return "ignoreTLS would send enquiries to a remote mail server unencrypted; remove it";
  }
  if (options.requireTLS === false && !options.secure) {
    return "requireTLS=false would let enquiries go to a remote mail server unencrypted; remove it";
  }
  if (options.tls?.rejectUnauthorized === false) {
    return "tls.rejectUnauthorized=false would accept any certificate, so anyone on the path could read enquiries; remove it";
  }
  return undefined;
}

/** Nodemailer transport options for SMTP_URL, with STARTTLS required for a remote server. */
export function smtpTransportOptions(smtpUrl: string): SMTPTransport.Options {
  const problem = smtpTlsProblem(smtpUrl);
  if (problem) throw new Error(`SMTP_URL: ${problem}`);
  const options = parseConnectionUrl(smtpUrl);
  const remote = !isLoopbackHost(options.host ?? "");
  return { ...options, ...(remote && !options.secure ? { requireTLS: true } : {}) };
}
