import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { isLoopbackHost } from "../loopback";

// Enquiry mails carry a visitor's name, phone number, address and message (POPIA personal
// information), so they cross the network only encrypted: smtps://, or smtp:// with STARTTLS
// required. Nodemailer's default for smtp:// is to upgrade only when the server offers it,
// which anyone on the path can stop by hiding the offer. Only a mail server on this machine
// (a local relay, the test suite's SMTP peer) may be spoken to in plain text.

// Nodemailer reads options from the URL's query string, where a setting that turns TLS off would
// hide. We read the same query through the WHATWG URL parser rather than Nodemailer's own
// (undocumented) one; a value counts as "off" the way Nodemailer reads it ("false" or 0).
const isOff = (value: string | null) => value === "false" || value === "0";
const isOn = (value: string | null) => value !== null && value !== "" && !isOff(value);

/** Where SMTP_URL points and whether it starts with TLS (smtps://, or ?secure=true). */
function readSmtpUrl(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const query = url.searchParams;
  const secureParam = query.get("secure");
  return {
    host: url.hostname,
    secure: secureParam === null ? url.protocol === "smtps:" : isOn(secureParam),
    query,
  };
}

/**
 * Why this SMTP_URL would let enquiry mail travel unencrypted to another machine, or undefined
 * when it is safe.
 */
export function smtpTlsProblem(smtpUrl: string): string | undefined {
  const { host, secure, query } = readSmtpUrl(smtpUrl);
  if (!host || isLoopbackHost(host)) return undefined;
  if (isOn(query.get("ignoreTLS"))) {
    return "ignoreTLS would send enquiries to a remote mail server unencrypted; remove it";
  }
  if (isOff(query.get("requireTLS")) && !secure) {
    return "requireTLS=false would let enquiries go to a remote mail server unencrypted; remove it";
  }
  if (isOff(query.get("tls.rejectUnauthorized"))) {
    return "tls.rejectUnauthorized=false would accept any certificate, so anyone on the path could read enquiries; remove it";
  }
  return undefined;
}

/** Nodemailer transport options for SMTP_URL, with STARTTLS required for a remote server. */
export function smtpTransportOptions(smtpUrl: string): SMTPTransport.Options {
  const problem = smtpTlsProblem(smtpUrl);
  if (problem) throw new Error(`SMTP_URL: ${problem}`);
  const { host, secure } = readSmtpUrl(smtpUrl);
  // `url` is Nodemailer's documented way to pass a connection URL with its query options.
  return { url: smtpUrl, ...(!isLoopbackHost(host) && !secure ? { requireTLS: true } : {}) };
}
