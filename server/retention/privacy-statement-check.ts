import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type DeliveryChannels, retentionStatement } from "../../contract/retention";

// The privacy statement is prerendered at build time; the server applies ENQUIRY_RETENTION_DAYS
// at run time. If the two were set differently, visitors would be told something untrue about
// how long we keep their enquiry, so the server reads the built page when it starts and says so.

const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&nbsp;": " ",
};

/** The page's visible text, roughly: tags out, entities decoded, whitespace collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(?:amp|lt|gt|quot|nbsp|#x27|#39);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, " ");
}

/**
 * A warning naming ENQUIRY_RETENTION_DAYS when the built privacy statement does not state the
 * configured period and delivery channels, or undefined when it does.
 */
export function privacyStatementMismatch(
  siteRoot: string,
  retentionDays: number,
  channels: DeliveryChannels,
): string | undefined {
  const page = join(siteRoot, "privacy", "index.html");
  let html: string;
  try {
    html = readFileSync(page, "utf8");
  } catch {
    return `Cannot check that the privacy statement states ENQUIRY_RETENTION_DAYS=${retentionDays}: ${page} is missing. Build the site with the same ENQUIRY_RETENTION_DAYS as the server.`;
  }
  const text = visibleText(html);
  if (text.includes(retentionStatement(retentionDays, channels))) return undefined;
  const stated = /Our website keeps an enquiry (?:for (\d+) days?|only until)/.exec(text);
  const says = stated
    ? ` (it states ${stated[1] ? `${stated[1]} days` : "until delivered, 0"})`
    : "";
  const delivery = `SMTP_URL ${channels.email ? "set" : "unset"}, ENQUIRY_WEBHOOK_URL ${channels.webhook ? "set" : "unset"}`;
  return `The built privacy statement does not state ENQUIRY_RETENTION_DAYS=${retentionDays} with ${delivery}${says}: visitors are told something untrue. Rebuild the site (npm run build) with the same ENQUIRY_RETENTION_DAYS, SMTP_URL and ENQUIRY_WEBHOOK_URL as the server.`;
}
