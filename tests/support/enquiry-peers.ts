import type { Page } from "@playwright/test";
import { clientBuildDir } from "./client-build";
import { startSmtpPeer } from "./smtp-peer";
import { mailTo, startTestService } from "./test-service";
import { humanAnswer, startVerifierStandIn } from "./verifier-stand-in";

// An enquiry's whole path with the real headers on: the production build served by its own
// instance of our server, which checks the bot-check token with a stand-in verifier, stores the
// enquiry in SQLite and mails it to an SMTP peer on loopback. Google's script is replaced by a
// stand-in that hands out a known token (the build must have a site key: npm test builds with
// VITE_RECAPTCHA_SITE_KEY=test-site-key); the verifier accepts only that token.

export const BOT_CHECK_TOKEN = "browser-stand-in-token";
export const BOT_CHECK_SECRET = "e2e-recaptcha-secret";

/** Google's script as the browser should get it in tests, and the URL it stands in for
 * (app/features/contact/recaptcha.ts, which the tests cannot import: it reads build settings). */
export const standInBotCheckScript = {
  url: "https://www.google.com/recaptcha/api.js",
  source: `window.grecaptcha = {
  ready(callback) { setTimeout(callback, 0); },
  execute(_siteKey, options) {
    return options && options.action === "contact"
      ? Promise.resolve(${JSON.stringify(BOT_CHECK_TOKEN)})
      : Promise.reject(new Error("unexpected action"));
  },
};`,
};

/** Keeps a page on loopback, with Google's script replaced by the stand-in. */
export async function keepToLoopback(page: Page) {
  await page.route(
    (url) => url.href.startsWith(standInBotCheckScript.url),
    (route) =>
      route.fulfill({ contentType: "text/javascript", body: standInBotCheckScript.source }),
  );
  await page.route(
    (url) => url.hostname !== "127.0.0.1" && !url.href.startsWith(standInBotCheckScript.url),
    (route) => route.abort(),
  );
}

export type EnquiryPeers = Awaited<ReturnType<typeof startEnquiryPeers>>;

/** `env`: further service settings, over the ones the whole path needs. */
export async function startEnquiryPeers(env: Record<string, string> = {}) {
  const smtp = await startSmtpPeer();
  const verifier = await startVerifierStandIn((form) =>
    form.get("secret") === BOT_CHECK_SECRET && form.get("response") === BOT_CHECK_TOKEN
      ? humanAnswer()
      : { body: { success: false, "error-codes": ["invalid-input-response"] } },
  );
  const service = await startTestService({
    SITE_ROOT: clientBuildDir,
    LOG_LEVEL: "warn",
    RECAPTCHA_SECRET: BOT_CHECK_SECRET,
    RECAPTCHA_VERIFY_URL: verifier.url,
    ALLOWED_HOSTNAMES: "127.0.0.1",
    ...mailTo(smtp.port),
    ...env,
  });
  return {
    smtp,
    verifier,
    service,
    async close() {
      await service.close();
      await smtp.close();
      await verifier.close();
    },
  };
}
