// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { BOT_CHECK_TIMEOUT_MS, createBotCheck, RECAPTCHA_SCRIPT_URL } from "./recaptcha";

function providerScripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>("script")].filter((script) =>
    script.src.startsWith(RECAPTCHA_SCRIPT_URL),
  );
}

afterEach(() => {
  for (const script of providerScripts()) script.remove();
  delete window.grecaptcha;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("with a site key", () => {
  it("rejects when the script cannot load or defines no grecaptcha, and tries again on the next call", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const botCheck = createBotCheck("site-key");
    const first = botCheck.token();
    providerScripts()[0]?.dispatchEvent(new Event("error"));
    await expect(first).rejects.toThrow("Could not load https://www.google.com/recaptcha/api.js");
    expect(providerScripts()).toHaveLength(0);

    const second = botCheck.token();
    providerScripts()[0]?.dispatchEvent(new Event("load"));
    await expect(second).rejects.toThrow("did not define grecaptcha");

    const third = botCheck.token();
    expect(providerScripts()).toHaveLength(1);
    // What Google's script defines once it has run.
    window.grecaptcha = {
      ready: (callback) => callback(),
      execute: async () => "token-after-retry",
    };
    providerScripts()[0]?.dispatchEvent(new Event("load"));
    await expect(third).resolves.toBe("token-after-retry");
  });

  it("prepares once, injecting the script with the site key; logs its failed load, which a submit retries", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const botCheck = createBotCheck("key/with spaces");
    expect(botCheck.enabled).toBe(true);
    botCheck.prepare();
    botCheck.prepare();
    void botCheck.token().catch(() => undefined);
    expect(providerScripts().map((script) => script.src)).toEqual([
      "https://www.google.com/recaptcha/api.js?render=key%2Fwith%20spaces",
    ]);
    providerScripts()[0]?.dispatchEvent(new Event("error"));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledOnce(), { timeout: 1000 });
    botCheck.prepare();
    expect(providerScripts()).toHaveLength(0);
    expect(logged).toHaveBeenCalledOnce();

    void botCheck.token().catch(() => undefined);
    expect(providerScripts()).toHaveLength(1);
  });

  it("gives up when no token arrives in time", async () => {
    vi.useFakeTimers();
    const botCheck = createBotCheck("site-key");
    let outcome: unknown = "pending";
    const token = botCheck.token().catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(BOT_CHECK_TIMEOUT_MS - 1);
    expect(outcome).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    await token;
    expect(String(outcome)).toContain("gave no token within 15000 ms");
  });
});
