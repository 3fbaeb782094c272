import { z } from "zod";
import { botCheckAction } from "../../contract/enquiry";
import type { Config } from "../config";

// Only the fields we judge by; anything else the provider adds is ignored.
const siteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});

type Verdict = { verdict: "accepted" | "refused" | "unavailable"; reason?: string };

/** Asks the bot-check provider about one token. Never throws. */
export async function checkBotToken(
  settings: NonNullable<Config["botCheck"]>,
  token: string,
  remoteIp: string,
): Promise<Verdict> {
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
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return { verdict: "unavailable", reason: timedOut ? "timeout" : "unreachable" };
  }
  const answer = siteverifyAnswer.safeParse(body);
  if (!answer.success) return { verdict: "unavailable", reason: "malformed-answer" };
  const { success, score, action, hostname } = answer.data;
  if (!success)
    return { verdict: "refused", reason: answer.data["error-codes"]?.join(",") || "unsuccessful" };
  if (action !== botCheckAction) return { verdict: "refused", reason: "wrong-action" };
  if (score === undefined || score < settings.minScore)
    return { verdict: "refused", reason: "low-score" };
  const allowed = settings.allowedHostnames;
  if (allowed && !allowed.includes(hostname?.toLowerCase() ?? "")) {
    return { verdict: "refused", reason: "wrong-hostname" };
  }
  return { verdict: "accepted" };
}
