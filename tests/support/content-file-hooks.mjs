// Node module hooks that let code outside Vite (the browser tests' Playwright runner) import
// content files the way the site's modules do: through app/content/content-files.ts, which
// reads the file (from CONTENT_DIR when set), checks it against its schema and fills its
// placeholders from the same settings the build reads.
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

const loader = new URL("../../app/content/content-files.ts", import.meta.url).href;
const placeholders = new URL("../../app/content/placeholders.ts", import.meta.url).href;
const settings = new URL("../../scripts/public-settings-plugin.ts", import.meta.url).href;

export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.endsWith(".yaml")) return nextLoad(url, context);
  const name = basename(fileURLToPath(url));
  return {
    format: "module",
    shortCircuit: true,
    source: [
      `import { readContentFile } from ${JSON.stringify(loader)};`,
      `import { placeholderValues } from ${JSON.stringify(placeholders)};`,
      `import { loadPublicSettings } from ${JSON.stringify(settings)};`,
      `const { settings } = loadPublicSettings({}, "production");`,
      `export default readContentFile(${JSON.stringify(name)}, placeholderValues(settings));`,
    ].join("\n"),
  };
}
