import { createServer } from "node:net";
import { listenOnLoopback } from "./loopback-listener";

/** A loopback port that was free a moment ago: for a peer that must start later on it. */
export async function freePort(): Promise<number> {
  const { port, close } = await listenOnLoopback(createServer());
  await close();
  return port;
}
