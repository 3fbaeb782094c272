import { botCheckAction } from "../../../contract/enquiry";
import { siteConfig } from "../../config";

// Google reCAPTCHA v3, the invisible bot check of requirements §7.4. Its script is injected on
// the form's first use, so a visitor who only reads the site never contacts Google.

export const RECAPTCHA_SCRIPT_URL = "https://www.google.com/recaptcha/api.js";
/** Longest wait for the script plus a token; past it the submit fails like a timed-out send. */
export const BOT_CHECK_TIMEOUT_MS = 15_000;

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export type BotCheck = {
  /** False when no site key is configured: no script, and an empty token. */
  enabled: boolean;
  /** Starts loading the provider's script, the first time only; call on the form's first use. */
  prepare(): void;
  /** A fresh token for one submit. Rejects if the script cannot load or the provider fails. */
  token(): Promise<string>;
};

function injectScript(siteKey: string): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `${RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
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

export function createBotCheck(siteKey: string): BotCheck {
  if (!siteKey) return { enabled: false, prepare() {}, token: async () => "" };

  let script: Promise<Grecaptcha> | undefined;
  // A failed load is forgotten, so the next submit tries again instead of failing forever.
  const load = () =>
    (script ??= injectScript(siteKey).catch((error: unknown) => {
      script = undefined;
      throw error;
    }));

  async function freshToken(): Promise<string> {
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
    token() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        const message = `The bot check gave no token within ${BOT_CHECK_TIMEOUT_MS} ms`;
        timer = setTimeout(() => reject(new Error(message)), BOT_CHECK_TIMEOUT_MS);
      });
      return Promise.race([freshToken(), timeout]).finally(() => clearTimeout(timer));
    },
  };
}

/** The site's one bot check, so its script is injected at most once per visit. */
export const siteBotCheck = createBotCheck(siteConfig.recaptchaSiteKey);
