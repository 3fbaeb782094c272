// The contact page is the one page that starts the app. React Router's prerendered HTML asks
// for the app's modules straight away (module preloads and a module script with static
// imports), so they compete with the CSS, fonts and images for a slow phone's connection and
// hold back first paint. This rewrites that bootstrap so nothing of the app is requested
// before the page's load event; the form shows, prerendered and usable for typing, meanwhile.

const modulePreload = /<link rel="modulepreload" href="([^"]+)"\s*\/?>/g;
const bootstrapScript =
  /<script type="module" async(?:="")?>([^<]*window\.__reactRouterRouteModules[^<]*)<\/script>/;

/** The static imports, route module table and entry import of React Router's bootstrap. */
function readBootstrap(source) {
  const sideEffects = [...source.matchAll(/^import "([^"]+)";$/gm)].map((match) => match[1]);
  const routes = [...source.matchAll(/^import \* as (\w+) from "([^"]+)";$/gm)].map((match) => ({
    name: match[1],
    href: match[2],
  }));
  const table = source.match(/window\.__reactRouterRouteModules = (\{[^;]*\});/)?.[1];
  const entry = source.match(/^import\("([^"]+)"\);$/m)?.[1];
  if (!table || !entry || routes.length === 0) {
    throw new Error("start-app-after-load: React Router's bootstrap script has a new shape");
  }
  return { sideEffects, routes, table, entry };
}

/**
 * Returns the page with its module preloads removed and its bootstrap started after `load`.
 * Pages without React Router's bootstrap are returned unchanged.
 */
export function startAppAfterLoad(html) {
  const bootstrap = html.match(bootstrapScript);
  if (!bootstrap) return html;
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1]);
  const { sideEffects, routes, table, entry } = readBootstrap(bootstrap[1]);
  const json = JSON.stringify;
  // Same order as React Router's: the manifest first, then the route modules, then the entry.
  // The preloads come back as soon as the app starts, so its modules load in parallel rather
  // than one import after another.
  const script = [
    "const start = async () => {",
    // The critical-CSS step moved the stylesheet links to the end of the body so they would not
    // block first paint; React expects them in the head, where it rendered them.
    "  for (const link of document.querySelectorAll('body > link[rel=\"stylesheet\"]')) {",
    "    document.head.append(link);",
    "  }",
    `  for (const href of ${json(preloads)}) {`,
    '    const link = Object.assign(document.createElement("link"), { rel: "modulepreload", href });',
    "    document.head.append(link);",
    "  }",
    ...sideEffects.map((href) => `  await import(${json(href)});`),
    `  const [${routes.map((route) => route.name).join(", ")}] = await Promise.all([${routes
      .map((route) => `import(${json(route.href)})`)
      .join(", ")}]);`,
    `  window.__reactRouterRouteModules = ${table};`,
    `  await import(${json(entry)});`,
    "};",
    "const startLogged = () =>",
    '  start().catch((error) => console.error("The site hit an error while starting in the browser:", error));',
    'if (document.readyState === "complete") startLogged();',
    'else addEventListener("load", startLogged, { once: true });',
  ].join("\n");
  return html
    .replace(modulePreload, "")
    .replace(bootstrapScript, () => `<script type="module">${script}</script>`);
}
