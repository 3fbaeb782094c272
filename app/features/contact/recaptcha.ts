import { botCheckAction } from "../../../contract/enquiry";
import { siteConfig } from "../../config";

// Google reCAPTCHA v3, the invisible bot check of requirements §7.4. The provider's script is
// only injected from the contact page, so no other page talks to Google.

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
    script.addEventListener("load", () => {
      if (window.grecaptcha) {
        resolve(window.grecaptcha);
      } else {
        script.remove();
        reject(new Error(`${script.src} loaded but did not define grecaptcha`));
      }
    });
    script.addEventListener("error", () => {
      script.remove();
      reject(new Error(`Could not load ${script.src}`));
    });
    document.head.append(script);
  });
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The bot check gave no token within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createBotCheck(siteKey: string): BotCheck {
  if (!siteKey) {
    return { enabled: false, prepare() {}, token: async () => "" };
  }

  let script: Promise<Grecaptcha> | undefined;
  function load(): Promise<Grecaptcha> {
    // Forget a failed load so the next submit tries again instead of failing forever.
    script ??= injectScript(siteKey).catch((error: unknown) => {
      script = undefined;
      throw error;
    });
    return script;
  }

  async function freshToken(): Promise<string> {
    const grecaptcha = await load();
    await new Promise<void>((resolve) => grecaptcha.ready(resolve));
    return grecaptcha.execute(siteKey, { action: botCheckAction });
  }

  // The form calls prepare on every focus and keystroke. Once is enough: after a failed load
  // (Google blocked, offline), only a submit tries again, rather than every keystroke adding a
  // script and an error.
  let prepared = false;
  return {
    enabled: true,
    prepare() {
      if (prepared) return;
      prepared = true;
      load().catch((error: unknown) => console.error("The bot check could not load:", error));
    },
    token: () => withTimeout(freshToken(), BOT_CHECK_TIMEOUT_MS),
  };
}

/** The site's one bot check, so its script is injected at most once per visit. */
export const siteBotCheck = createBotCheck(siteConfig.recaptchaSiteKey);
