import { isIP } from "node:net";

/**
 * Whether a host is this machine. Personal data may go there unencrypted (a local mail relay,
 * a receiver beside the service, the tests' peers); anywhere else needs TLS.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}
