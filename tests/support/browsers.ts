// The browsers the tests, benches and Lighthouse drive: Debian's, never a downloaded one.
// `npm test` installs them with apt when they are missing.

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

/** The engine smoke suite's Firefox (driven over WebDriver BiDi) and WebKit driver. */
export const firefoxPath = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";
export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH || "/usr/bin/WebKitWebDriver";
