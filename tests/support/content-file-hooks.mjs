// Node module hooks that let code outside Vite (the browser tests' Playwright runner) import
// content files the way the site's modules do: through app/content/content-files.ts, which
// reads the file (from CONTENT_DIR when set) and checks it against its schema.
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

const loader = new URL("../../app/content/content-files.ts", import.meta.url).href;

export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.endsWith(".yaml")) return nextLoad(url, context);
  const name = basename(fileURLToPath(url));
  return {
    format: "module",
    shortCircuit: true,
    source: `import { readContentFile } from ${JSON.stringify(loader)};\nexport default readContentFile(${JSON.stringify(name)});\n`,
  };
}
