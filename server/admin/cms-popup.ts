import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";

// The sign-in popup's side of the protocol Decap CMS and Sveltia CMS share with their OAuth
// helpers: the popup announces "authorizing:github" to the editor page that opened it, and
// answers that page's echo with "authorization:github:success:{token, provider}" (or :error:).
// It is the only place the protocol lives; cms-auth.ts decides what the outcome is.

const provider = "github";

// The popup's only script: it waits for the editor page's handshake, then answers it with the
// outcome from the JSON block below. Fixed text, so the page's policy can allow it by hash.
const handshakeScript = `const message=document.getElementById("outcome").textContent;const answer=(event)=>{if(event.origin===location.origin&&event.data==="authorizing:${provider}"){window.removeEventListener("message",answer);window.opener.postMessage(JSON.parse(message),location.origin);}};window.addEventListener("message",answer);window.opener&&window.opener.postMessage("authorizing:${provider}",location.origin);`;
const handshakeHash = `'sha256-${createHash("sha256").update(handshakeScript).digest("base64")}'`;

export type PopupOutcome = { token: string } | { error: string };

function outcomePage(outcome: PopupOutcome): string {
  const message =
    "token" in outcome
      ? `authorization:${provider}:success:${JSON.stringify({ token: outcome.token, provider })}`
      : `authorization:${provider}:error:${JSON.stringify({ message: outcome.error })}`;
  // JSON in a data block: "<" escaped so no value can close the element.
  const data = JSON.stringify(message).replaceAll("<", "\\u003c");
  const text = "token" in outcome ? "Signed in. This window closes itself." : outcome.error;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Sign-in</title></head><body><p>${text}</p><script type="application/json" id="outcome">${data}</script><script>${handshakeScript}</script></body></html>`;
}

/** Answers the popup with the sign-in's outcome, for the editor page that opened it. */
export function sendPopupOutcome(reply: FastifyReply, status: number, outcome: PopupOutcome) {
  return sendSignInAnswer(reply, status, outcomePage(outcome), handshakeHash);
}

/**
 * A page of the sign-in (the popup's, or the dashboard sign-in's last one): never stored, sent
 * with no referrer, and running nothing but the one script it may name by hash.
 */
export function sendSignInAnswer(
  reply: FastifyReply,
  status: number,
  html: string,
  scriptHash?: string,
) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .header(
      "content-security-policy",
      `default-src 'none'; ${scriptHash ? `script-src ${scriptHash}; ` : ""}base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(html);
}
