import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Started, startProcess, waitUntilServing } from "./bench-processes";

const candidates = ["nginx", "/usr/sbin/nginx", "/usr/local/sbin/nginx"];

/** The nginx binary when one is installed (Debian puts it in /usr/sbin, off a user's PATH). */
export function findNginx(): string | undefined {
  return candidates.find((command) => !spawnSync(command, ["-v"], { stdio: "ignore" }).error);
}

/**
 * nginx serving `siteRoot` the way a static host would, with gzip_static on, from a config,
 * pid file, logs and temp folders of its own in `scratch`: never the system service. One
 * process (no master) with one worker's work, to compare with our one Node process, and
 * nothing to orphan should the benchmark die.
 */
export async function startNginx(
  nginx: string,
  siteRoot: string,
  port: number,
  scratch: string,
): Promise<Started & { url: string }> {
  const dir = join(scratch, "nginx");
  mkdirSync(join(dir, "temp"), { recursive: true });
  const temp = (name: string) => `${name}_temp_path ${join(dir, "temp", name)};`;
  const config = `
master_process off;
daemon off;
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  types { text/html html; text/css css; text/javascript js; image/svg+xml svg; }
  default_type application/octet-stream;
  sendfile on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${resolve(siteRoot)};
    gzip_static on;
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;
  writeFileSync(join(dir, "nginx.conf"), config);
  const started = startProcess(
    nginx,
    ["-p", dir, "-e", join(dir, "error.log"), "-c", join(dir, "nginx.conf")],
    { env: process.env, logFile: join(dir, "output.log") },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${url}/`, started, 10_000);
  return { ...started, url };
}
