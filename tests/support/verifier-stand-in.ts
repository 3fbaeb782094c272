import { createServer } from "node:http";
import { text as bodyOf } from "node:stream/consumers";
import { listenOnLoopback } from "./loopback-listener";

/**
 * `hangUp` closes the connection without an answer, as a provider that cannot be reached;
 * `silent` never answers (until `close` ends the connection).
 */
type VerifierAnswer = { status?: number; body?: unknown; hangUp?: boolean; silent?: boolean };

/** Plays the bot-check provider's siteverify endpoint on loopback. */
export async function startVerifierStandIn(initial: (request: URLSearchParams) => VerifierAnswer) {
  let answer = initial;
  const requests: URLSearchParams[] = [];
  const server = createServer(async (request, response) => {
    const form = new URLSearchParams(await bodyOf(request));
    requests.push(form);
    const { status = 200, body, hangUp, silent } = answer(form);
    if (hangUp) return request.socket.destroy();
    if (silent) return;
    response.writeHead(status, { "content-type": "application/json" });
    response.end(typeof body === "string" ? body : JSON.stringify(body));
  });
  const listener = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${listener.port}/recaptcha/api/siteverify`,
    /** Form fields of every verification request received. */
    requests,
    /** Replace what the next requests are answered with. */
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: listener.close,
  };
}

export const humanAnswer = (hostname = "127.0.0.1") => ({
  body: { success: true, score: 0.9, action: "contact", hostname },
});
