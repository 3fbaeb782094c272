// The browser the tests, benches and Lighthouse drive: Debian's Chromium, never a downloaded
// one. `npm test` installs it with apt when it is missing.

export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Flags for a headless run as root, offline, with nothing but the page using the network. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
