import { isIP } from "node:net";
import type SMTPTransport from "nodemailer/lib/smtp-transport";

// Enquiries cross the network only encrypted: smtps://, or smtp:// with STARTTLS required (by
// default Nodemailer upgrades only if offered, which anyone on the path can hide). Only a mail
// server on this machine gets plain text. The URL's query is read as Nodemailer reads it.
/**
 * Whether a host is this machine. Personal data may go there unencrypted (a local mail relay,
 * a receiver beside the service, the tests' peers); anywhere else needs TLS.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

const isOff = (value: string | null) => value === "false" || value === "0";
const isOn = (value: string | null) => value !== null && value !== "" && !isOff(value);

function readSmtpUrl(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.searchParams.get("secure");
  return {
    host: url.hostname,
    secure: secure === null ? url.protocol === "smtps:" : isOn(secure),
    query: url.searchParams,
  };
}

/** Why this SMTP_URL would let enquiries travel unencrypted to another machine, or undefined. */
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

/** Nodemailer's options for SMTP_URL, with STARTTLS required for a remote server. */
export function smtpTransportOptions(smtpUrl: string): SMTPTransport.Options {
  const problem = smtpTlsProblem(smtpUrl);
  if (problem) throw new Error(`SMTP_URL: ${problem}`);
  const { host, secure } = readSmtpUrl(smtpUrl);
  return {
    url: smtpUrl,
    ...(!isLoopbackHost(host) && !secure ? { requireTLS: true } : {}),
    // Bounded: a mail server that stalls is a failed attempt (retried later), not a hung send.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}
