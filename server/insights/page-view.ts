import type { IncomingHttpHeaders } from "node:http";
import { isbot } from "isbot";
import type { Device, Visit } from "./insights-store";

// What a page request tells us, read from its headers and query alone: no cookie, no script.

/** What brought a visitor to a page: the part of a visit read from the request. */
export type VisitSource = Pick<Visit, "source" | "medium" | "campaign">;

/**
 * What the counts keep of one page view. Where it came from is asked for only when it starts a
 * visit: a visitor's later pages do not need the query and Referer read again.
 */
export type PageView = { path: string; device: Device; cameFrom(): VisitSource };

/**
 * The device class of a request to count; undefined for one the browser made ahead of a click
 * that may never come, or one made by a program.
 */
export function countedDevice(headers: IncomingHttpHeaders): Device | undefined {
  const purpose = headers["sec-purpose"] ?? headers.purpose;
  if (typeof purpose === "string" && purpose.includes("prefetch")) return undefined;
  const userAgent = headers["user-agent"];
  // No user agent at all is a program, not a browser.
  if (!userAgent || isbot(userAgent)) return undefined;
  return deviceOf(userAgent);
}

/** Global Privacy Control or Do Not Track: counted as a page view, never as a visitor. */
export function optsOut(headers: IncomingHttpHeaders): boolean {
  return headers["sec-gpc"] === "1" || headers.dnt === "1";
}

// iPads since iPadOS 13 send a desktop Safari user agent and count as desktops.
const tablet = /iPad|Tablet|PlayBook|Silk|Kindle|Nexus (?:7|9|10)|Android(?!.*Mobi)/i;
const phone = /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i;

export function deviceOf(userAgent: string): Device {
  if (tablet.test(userAgent)) return "tablet";
  return phone.test(userAgent) ? "phone" : "desktop";
}

/**
 * A label from the request for the counts: trimmed, lower case, at most 80 characters of
 * letters, digits and `.-_ +/:` ("" when none). Anyone can send anything in a query or a
 * Referer, so what is kept is bounded in size and alphabet.
 */
export function label(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== "string") return "";
  return first
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._\-+/: ]/gu, "")
    .slice(0, 80);
}

/** A host without its "www." and port, lower case. */
const bareHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/^www\./, "")
    .replace(/:\d+$/, "");

/**
 * Where a page view came from: utm_source when the link carries one, else the referrer's host
 * ("internal" when that is this site), else "direct".
 */
export function sourceOf(utmSource: unknown, referer: string | undefined, ownHost: string): string {
  const tagged = label(utmSource);
  if (tagged) return tagged;
  if (!referer) return "direct";
  let host: string;
  try {
    host = bareHost(new URL(referer).host);
  } catch {
    return "direct";
  }
  if (!host) return "direct";
  return host === bareHost(ownHost) ? "internal" : label(host) || "direct";
}

/** Where a counted request came from: its UTM tags, else its referrer. */
export function visitSourceOf(
  headers: IncomingHttpHeaders,
  query: Record<string, unknown>,
  ownHost: string,
): VisitSource {
  return {
    source: sourceOf(query.utm_source, headers.referer, ownHost),
    medium: label(query.utm_medium),
    campaign: label(query.utm_campaign),
  };
}
