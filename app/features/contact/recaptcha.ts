import { botCheckAction } from "../../../contract/enquiry";
import { siteConfig } from "../../config";

// Google reCAPTCHA v3, the invisible bot check of requirements §7.4. Its script is injected on
// the form's first use, so a visitor who only reads the site never contacts Google.

export const RECAPTCHA_SCRIPT_URL = "https://www.google.com/recaptcha/api.js";
/** Longest wait for the script plus a token; past it the submit fails like a timed-out send. */
export const BOT_CHECK_TIMEOUT_MS = 15_000;

declare global {
  interface Window {
    grecaptcha?: {
      ready(callback: () => void): void;
      execute(siteKey: string, options: { action: string }): PromiseLike<string>;
    };
  }
}
type Grecaptcha = NonNullable<Window["grecaptcha"]>;

/** `prepare` starts loading the script, on the form's first use; `token` gives one per submit. */
export type BotCheck = { enabled: boolean; prepare(): void; token(): Promise<string> };

function injectScript(siteKey: string) {
  return new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `${RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`;
    const fail = (message: string) => {
      script.remove();
      reject(new Error(message));
    };
    script.addEventListener("load", () =>
      window.grecaptcha
        ? resolve(window.grecaptcha)
        : fail(`${script.src} did not define grecaptcha`),
    );
    script.addEventListener("error", () => fail(`Could not load ${script.src}`));
    document.head.append(script);
  });
}

/** Without a site key: no script, and an empty token. */
export function createBotCheck(siteKey: string): BotCheck {
  if (!siteKey) return { enabled: false, prepare() {}, token: async () => "" };
  let script: Promise<Grecaptcha> | undefined;
  // A failed load is forgotten, so the next submit tries again instead of failing forever.
  const load = () =>
    (script ??= injectScript(siteKey).catch((error: unknown) => {
      script = undefined;
      throw error;
    }));
  async function freshToken() {
    const grecaptcha = await load();
    await new Promise<void>((resolve) => grecaptcha.ready(resolve));
    return grecaptcha.execute(siteKey, { action: botCheckAction });
  }

  // The form calls prepare on every focus and keystroke. Once is enough: after a failed load
  // (Google blocked, offline), only a submit tries again.
  let prepared = false;
  return {
    enabled: true,
    prepare() {
      if (prepared) return;
      prepared = true;
      load().catch((error: unknown) => console.error("The bot check could not load:", error));
    },
    token: () =>
      new Promise((resolve, reject) => {
        const message = `The bot check gave no token within ${BOT_CHECK_TIMEOUT_MS} ms`;
        const timer = setTimeout(() => reject(new Error(message)), BOT_CHECK_TIMEOUT_MS);
        freshToken()
          .then(resolve, reject)
          .finally(() => clearTimeout(timer));
      }),
  };
}

/** The site's one bot check, so its script is injected at most once per visit. */
export const siteBotCheck = createBotCheck(siteConfig.recaptchaSiteKey);
