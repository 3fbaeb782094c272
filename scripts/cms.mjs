// `npm run cms`: the site's dev server with the content editor at /admin, writing the working
// tree's content files through Decap's local backend (decap-server, on this machine only).
// Ctrl+C stops both.
// Run through npm, which puts node_modules/.bin on the PATH.
import { spawn } from "node:child_process";

const port = process.env.CMS_LOCAL_PORT || "8081";
const env = { ...process.env, CMS_LOCAL_PORT: port };

const children = [
  spawn("decap-server", [], {
    stdio: "inherit",
    env: { ...env, PORT: port, BIND_HOST: "127.0.0.1", MODE: "fs" },
  }),
  spawn("react-router", ["dev", ...process.argv.slice(2)], {
    stdio: "inherit",
    env,
  }),
];
console.log(
  "cms: the editor is at http://127.0.0.1:5173/admin (the port the dev server prints) once the dev server is up",
);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exitCode = code;
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
