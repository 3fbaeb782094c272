// `npm run cms`: the site's dev server with the content editor at /admin. In Chrome or Edge,
// "Work with Local Repository" in the editor opens this folder and saves the content files in
// it directly (the browser's File System Access API); nothing else runs on this machine.
// Run through npm, which puts node_modules/.bin on the PATH.
import { spawn } from "node:child_process";

const server = spawn("react-router", ["dev", ...process.argv.slice(2)], { stdio: "inherit" });
console.log(
  "cms: once the dev server is up, open /admin on the address it prints (http://localhost:5173/admin) in Chrome or Edge, choose Work with Local Repository and pick this project's folder",
);
server.on("exit", (code) => {
  process.exitCode = code ?? 0;
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.kill(signal));
}
