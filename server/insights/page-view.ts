import type { IncomingHttpHeaders } from "node:http";
import { isbot } from "isbot";
import type { Device, VisitSource } from "../store/schema";

// What a page request tells us, from its headers and query alone: no cookie, no script.

/** One page view; where it came from is read only when it starts a visit. */
export type PageView = { path: string; device: Device; cameFrom(): VisitSource };

/** The device class of a request to count; undefined for a prefetch, a bot or a program. */
export function countedDevice(headers: IncomingHttpHeaders): Device | undefined {
  const purpose = headers["sec-purpose"] ?? headers.purpose;
  if (typeof purpose === "string" && purpose.includes("prefetch")) return undefined;
  const userAgent = headers["user-agent"];
  if (!userAgent || isbot(userAgent)) return undefined;
  return deviceOf(userAgent);
}

/** The files a download is counted for: the built datasheets and the company's documents. */
export const isDownload = (path: string) =>
  /^\/(?:datasheets\/[\w-]+|assets\/documents\/[0-9a-f]+\/[\w-]+)\.pdf$/.test(path);

/** A request for a file from its first byte: a PDF viewer fetches the rest in ranges. */
export const startsAFile = (status: number, range: string | undefined) =>
  (status === 200 || status === 206) && (range === undefined || /^bytes=0-/.test(range));

/**
 * A top-level navigation, as a tap on a link is: `Sec-Fetch-Dest: document`, or a browser too
 * old to send Fetch Metadata at all. An image, a script or a frame on another site is not.
 */
export const isNavigation = (headers: IncomingHttpHeaders) =>
  headers["sec-fetch-dest"] === "document" ||
  !Object.keys(headers).some((name) => name.startsWith("sec-fetch-"));

/** Global Privacy Control or Do Not Track: counted as a page view, never as a visitor. */
export const optsOut = (headers: IncomingHttpHeaders) =>
  headers["sec-gpc"] === "1" || headers.dnt === "1";

// iPads since iPadOS 13 send a desktop Safari user agent and count as desktops.
const tablet = /iPad|Tablet|PlayBook|Silk|Kindle|Nexus (?:7|9|10)|Android(?!.*Mobi)/i;
const phone = /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i;

export function deviceOf(userAgent: string): Device {
  if (tablet.test(userAgent)) return "tablet";
  return phone.test(userAgent) ? "phone" : "desktop";
}

/** A label for the counts, bounded in size and alphabet: anyone can send anything in a query. */
export function label(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== "string") return "";
  const text = first.trim().toLowerCase();
  return text.replace(/[^\p{L}\p{N}._\-+/: ]/gu, "").slice(0, 80);
}

/** A host without its "www." and port. */
const bareHost = (host: string) => host.toLowerCase().replace(/^www\.|:\d+$/g, "");

/** utm_source when given, else the referrer's host ("internal" for this site), else "direct". */
export function sourceOf(utmSource: unknown, referer: string | undefined, ownHost: string): string {
  const tagged = label(utmSource);
  if (tagged) return tagged;
  const host = URL.canParse(referer ?? "") ? bareHost(new URL(referer ?? "").host) : "";
  if (!host) return "direct";
  return host === bareHost(ownHost) ? "internal" : label(host) || "direct";
}

/** Where a download came from: the page of ours that linked it, else as a visit's source. */
export function downloadSourceOf(utmSource: unknown, referer: string | undefined, ownHost: string) {
  const source = sourceOf(utmSource, referer, ownHost);
  if (source !== "internal" || !referer) return source;
  return label(new URL(referer).pathname) || source;
}
