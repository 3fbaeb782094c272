// Run in every document before the page's own scripts (a preload script in Firefox, a user
// script in WebKit): WebDriver BiDi reports neither policy violations nor failed loads as
// console messages, and WebKit's automation reports no console at all. What it records is
// read back by pageErrors in engine-driver.ts.
(() => {
  const errors = [];
  Object.defineProperty(window, "__pageErrors", { value: errors });
  const consoleError = console.error;
  console.error = (...args) => {
    errors.push(`console.error: ${args.map(String).join(" ")}`);
    consoleError.apply(console, args);
  };
  // Capturing, so loads that fail on an element (script, stylesheet, image, font link) count too.
  addEventListener(
    "error",
    (event) => {
      const target = event.target;
      errors.push(
        target === window
          ? `error: ${event.message}`
          : `failed load: ${target.src || target.href || target.tagName}`,
      );
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => errors.push(`unhandled: ${event.reason}`));
  addEventListener("securitypolicyviolation", (event) =>
    errors.push(`${event.effectiveDirective} blocked ${event.blockedURI}`),
  );
})();
