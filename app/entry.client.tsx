import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// If the app cannot start, the prerendered HTML stays on screen and its plain links keep
// working; we only log, as requirements §9 asks, rather than replacing the page with an error.
function logStartupError(error: unknown) {
  console.error("The site hit an error while starting in the browser:", error);
}

try {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      { onUncaughtError: logStartupError, onRecoverableError: logStartupError },
    );
  });
} catch (error) {
  logStartupError(error);
}
