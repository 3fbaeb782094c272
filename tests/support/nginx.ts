import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, vi } from "vitest";
import { freePort } from "./free-port";

// A real nginx in front of the service, configured as docs/operations.md tells the operator to:
// its own config, pid file and temporary folders in a scratch folder, listening on loopback only.

/** nginx on a free loopback port, passing everything to `service` (http://127.0.0.1:PORT). */
export async function startNginx(service: string) {
  const dir = mkdtempSync(join(tmpdir(), "nginx-"));
  // Workers run as nobody, and must reach the temporary folders.
  chmodSync(dir, 0o755);
  const port = await freePort();
  // The `location / { … }` block docs/operations.md gives, passing on to `service`.
  const guide = readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8");
  const location = /```nginx\n[\s\S]*?( *location \/ \{\n[\s\S]*?\n *\}\n)[\s\S]*?```/
    .exec(guide)?.[1]
    ?.replace(/proxy_pass http:\/\/127\.0\.0\.1:3000;/, `proxy_pass ${service};`);
  if (!location?.includes(service)) {
    throw new Error("docs/operations.md gives no nginx `location / { … }` block with a proxy_pass");
  }
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${join(dir, kind)};`)
    .join("\n    ");
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 64; }
http {
    access_log off;
    ${temp}
    server {
        listen 127.0.0.1:${port};
        server_name localhost;
${location}
    }
}
`,
  );
  const child = spawn("nginx", ["-c", join(dir, "nginx.conf"), "-p", dir], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = once(child, "exit");
  const url = `http://127.0.0.1:${port}`;
  try {
    await vi.waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      expect((await fetch(`${url}/healthz`)).ok, `nginx on ${url}`).toBe(true);
    }, 10_000);
  } catch (error) {
    child.kill("SIGTERM");
    await exited;
    throw error;
  }
  return {
    url,
    async close() {
      if (child.exitCode === null && child.pid) process.kill(child.pid, "SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
