// The contact page is the one page that starts the app, and the app is there for one thing:
// the enquiry form. React Router's prerendered HTML asks for the app's modules straight away
// (module preloads and a module script with static imports), so a visitor who only reads the
// page (an address, a phone number) would pay for about 120 KiB of JavaScript and a phone's CPU
// would spend a moment starting it. This rewrites that bootstrap so the app is requested when
// the visitor starts using the form: a tap, a click or focus inside it, or, on a page the
// browser restored with fields already filled or focused, as soon as the page has loaded. The
// prerendered form is usable for typing meanwhile; the app keeps what was typed
// (app/features/contact/typed-before-start.ts).

const modulePreload = /<link rel="modulepreload" href="([^"]+)"\s*\/?>/g;
const stylesheet = /<link rel="stylesheet" href="([^"]+)"\s*\/?>/g;
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
    throw new Error("start-app-on-first-use: React Router's bootstrap script has a new shape");
  }
  return { sideEffects, routes, table, entry };
}

/**
 * Returns the page with its module preloads removed and its bootstrap started on the first use
 * of its form. Pages without React Router's bootstrap are returned unchanged.
 */
export function startAppOnFirstUse(html) {
  const bootstrap = html.match(bootstrapScript);
  if (!bootstrap) return html;
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1]);
  const stylesheets = [...html.matchAll(stylesheet)].map((match) => match[1]);
  const { sideEffects, routes, table, entry } = readBootstrap(bootstrap[1]);
  const json = JSON.stringify;
  const script = [
    "const addLink = (rel, href) =>",
    "  document.head.append(Object.assign(document.createElement('link'), { rel, href }));",
    "const start = async () => {",
    // The page's CSS is inline (scripts/postbuild/critical-css.mjs), but React hydrates the head
    // it rendered, which links the stylesheets; without them it would render the page again.
    `  for (const href of ${json(stylesheets)}) addLink("stylesheet", href);`,
    // Same order as React Router's: the manifest first, then the route modules, then the entry.
    // The preloads come back first, so the modules load in parallel rather than one import
    // after another.
    `  for (const href of ${json(preloads)}) addLink("modulepreload", href);`,
    ...sideEffects.map((href) => `  await import(${json(href)});`),
    `  const [${routes.map((route) => route.name).join(", ")}] = await Promise.all([${routes
      .map((route) => `import(${json(route.href)})`)
      .join(", ")}]);`,
    `  window.__reactRouterRouteModules = ${table};`,
    `  await import(${json(entry)});`,
    "};",
    'const uses = ["pointerdown", "focusin", "input"];',
    "let started = false;",
    "const startOnce = () => {",
    "  if (started) return;",
    "  started = true;",
    "  for (const type of uses) removeEventListener(type, onUse, true);",
    '  start().catch((error) => console.error("The site hit an error while starting in the browser:", error));',
    "};",
    "const form = document.querySelector('form');",
    "function onUse(event) {",
    "  if (form?.contains(event.target)) startOnce();",
    "}",
    "for (const type of uses) addEventListener(type, onUse, true);",
    "const inUse = () =>",
    "  !!form &&",
    "  (form.contains(document.activeElement) ||",
    "    [...form.querySelectorAll('input, select, textarea')].some((field) => field.value !== ''));",
    "const startIfInUse = () => inUse() && startOnce();",
    'if (document.readyState === "complete") startIfInUse();',
    'else addEventListener("load", startIfInUse, { once: true });',
  ].join("\n");
  return html
    .replace(modulePreload, "")
    .replace(bootstrapScript, () => `<script type="module">${script}</script>`);
}
