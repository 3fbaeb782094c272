import { expect, it } from "vitest";
import {
  countedDevice,
  deviceOf,
  downloadSourceOf,
  isDownload,
  isNavigation,
  label,
  optsOut,
  sourceOf,
  startsAFile,
} from "./page-view";

const chrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

it("tells phones, tablets and desktops apart by the user agent", () => {
  const agents = {
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1":
      "phone",
    "Mozilla/5.0 (Linux; Android 15; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36":
      "phone",
    "Mozilla/5.0 (iPad; CPU OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1":
      "tablet",
    "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36":
      "tablet",
    [chrome]: "desktop",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15":
      "desktop",
  };
  for (const [agent, device] of Object.entries(agents)) expect(deviceOf(agent), agent).toBe(device);
});

it("counts browsers, not programs, bots or prefetches", () => {
  expect(countedDevice({ "user-agent": chrome })).toBe("desktop");
  for (const purpose of [{ "sec-purpose": "prefetch;prerender" }, { purpose: "prefetch" }])
    expect(countedDevice({ "user-agent": chrome, ...purpose })).toBeUndefined();
  expect(countedDevice({})).toBeUndefined();
  expect(countedDevice({ "user-agent": "curl/8.14.1" })).toBeUndefined();
  expect(optsOut({ "sec-gpc": "1" })).toBe(true);
  expect(optsOut({ dnt: "1" })).toBe(true);
  expect(optsOut({ dnt: "0" })).toBe(false);
});

it("takes the source from utm_source, else the referrer's host, else direct", () => {
  const own = "www.amanzi.example";
  expect(sourceOf("LinkedIn", "https://www.google.com/", own)).toBe("linkedin");
  expect(sourceOf(["a", "b"], undefined, own)).toBe("a");
  expect(sourceOf(undefined, "https://www.google.co.za/search?q=x", own)).toBe("google.co.za");
  expect(sourceOf(undefined, "https://amanzi.example/hardware", own)).toBe("internal");
  expect(sourceOf(undefined, "http://127.0.0.1:3000/", "127.0.0.1:3000")).toBe("internal");
  expect(sourceOf(undefined, "not a url", own)).toBe("direct");
  expect(sourceOf("", undefined, own)).toBe("direct");
});

it("keeps labels short and plain, whatever is sent", () => {
  expect(label("  Spring Sale 2026 ")).toBe("spring sale 2026");
  expect(label(`<script>"x"</script>`)).toBe("scriptx/script");
  expect(label("x".repeat(500))).toHaveLength(80);
  expect(label(undefined)).toBe("");
  expect(label(42)).toBe("");
});

it("counts downloads of the datasheets and documents only, each once", () => {
  expect(isDownload("/datasheets/water-meter.pdf")).toBe(true);
  expect(isDownload("/assets/documents/13b29c821d/installation-guide-1-2.pdf")).toBe(true);
  expect(isDownload("/assets/app-Ab12Cd34.js")).toBe(false);
  expect(isDownload("/datasheets/../etc.pdf")).toBe(false);
  expect(isDownload("/hardware/water-meter")).toBe(false);
  // A PDF viewer asks for the rest of a file in ranges: only the start is a download.
  expect(startsAFile(200, undefined)).toBe(true);
  expect(startsAFile(206, "bytes=0-65535")).toBe(true);
  expect(startsAFile(206, "bytes=65536-131071")).toBe(false);
  // A range the server did not honour still asked for a later part.
  expect(startsAFile(200, "bytes=65536-")).toBe(false);
  expect(startsAFile(304, undefined)).toBe(false);
});

it("takes a top-level navigation, or a request without Fetch Metadata, for a tap on a link", () => {
  expect(isNavigation({ "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" })).toBe(true);
  expect(isNavigation({ "user-agent": chrome })).toBe(true);
  for (const dest of ["image", "iframe", "script", "empty"])
    expect(isNavigation({ "sec-fetch-dest": dest, "sec-fetch-site": "cross-site" }), dest).toBe(
      false,
    );
  expect(isNavigation({ "sec-fetch-mode": "cors" })).toBe(false);
});

it("says which of our pages a download came from, else where from as a visit's source", () => {
  const own = "www.amanzi.example";
  expect(downloadSourceOf(undefined, "https://www.amanzi.example/hardware/water-meter", own)).toBe(
    "/hardware/water-meter",
  );
  expect(downloadSourceOf(undefined, "https://tenders.example/list", own)).toBe("tenders.example");
  expect(downloadSourceOf("Tender", "https://www.amanzi.example/documents", own)).toBe("tender");
  expect(downloadSourceOf(undefined, undefined, own)).toBe("direct");
});
