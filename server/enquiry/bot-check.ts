import { z } from "zod";
import { botCheckAction } from "../../contract/enquiry";
import type { Config } from "../config";

export type BotCheckSettings = NonNullable<Config["botCheck"]>;

export type BotCheckOutcome =
  | { verdict: "accepted" }
  | { verdict: "refused"; reason: string }
  | { verdict: "unavailable"; reason: string };

// Only the fields we judge by; anything else the provider adds is ignored.
const siteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});

/** Asks the bot-check provider about one token. Never throws. */
export async function checkBotToken(
  settings: BotCheckSettings,
  token: string,
  remoteIp: string,
): Promise<BotCheckOutcome> {
  if (!token) return { verdict: "refused", reason: "missing-token" };
  let body: unknown;
  try {
    const response = await fetch(settings.verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: settings.secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) return { verdict: "unavailable", reason: `http-${response.status}` };
    body = await response.json();
  } catch (error) {
    const name = error instanceof Error ? error.name : "error";
    return { verdict: "unavailable", reason: name === "TimeoutError" ? "timeout" : "unreachable" };
  }
  const answer = siteverifyAnswer.safeParse(body);
  if (!answer.success) return { verdict: "unavailable", reason: "malformed-answer" };
  const { success, score, action, hostname } = answer.data;
  if (!success) {
    const codes = answer.data["error-codes"]?.join(",") || "unsuccessful";
    return { verdict: "refused", reason: codes };
  }
  if (action !== botCheckAction) return { verdict: "refused", reason: "wrong-action" };
  if (score === undefined || score < settings.minScore) {
    return { verdict: "refused", reason: "low-score" };
  }
  const allowed = settings.allowedHostnames;
  if (allowed && !allowed.includes(hostname?.toLowerCase() ?? "")) {
    return { verdict: "refused", reason: "wrong-hostname" };
  }
  return { verdict: "accepted" };
}
