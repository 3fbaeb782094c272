// Node module hooks that let code outside Vite (the browser tests' Playwright runner) import
// the content modules (`virtual:content/product`, …) the way the site's modules do: through
// app/content/content-files.ts, which reads the files (from CONTENT_DIR when set), checks each
// against its schema and fills its placeholders from the same settings the build reads.
const prefix = "virtual:content/";
const loader = new URL("../../app/content/content-files.ts", import.meta.url).href;
const placeholders = new URL("../../app/content/placeholders.ts", import.meta.url).href;
const settings = new URL("../../scripts/public-settings-plugin.ts", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith(prefix)) return { url: specifier, shortCircuit: true };
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith(prefix)) return nextLoad(url, context);
  const name = url.slice(prefix.length);
  return {
    format: "module",
    shortCircuit: true,
    source: [
      `import { contentModuleData } from ${JSON.stringify(loader)};`,
      `import { placeholderValues } from ${JSON.stringify(placeholders)};`,
      `import { loadPublicSettings } from ${JSON.stringify(settings)};`,
      `const { settings } = loadPublicSettings({}, "production");`,
      `export default contentModuleData(${JSON.stringify(name)}, placeholderValues(settings));`,
    ].join("\n"),
  };
}
