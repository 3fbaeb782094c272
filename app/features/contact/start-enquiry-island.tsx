import { StrictMode, useLayoutEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import type { EnquiryField } from "../../../contract/enquiry";
import { readIslandProps } from "../../lib/hydration";
import { EnquiryIsland, type EnquiryIslandProps } from "./enquiry-island";

// The contact form's island module, loaded by app/features/contact/island-loader.ts on the
// form's first use. It is built as one file with everything it imports (scripts/island-plugin.ts):
// React, the form and the shared rules, but not React Router, which no page runs in the browser.

function logStartupError(error: unknown) {
  console.error("The enquiry form hit an error while starting in the browser:", error);
}

/** Hydrates the island in `container`; resolves once the form runs, rejects if it cannot. */
export function start(container: HTMLElement, touched: readonly EnquiryField[]): Promise<void> {
  const props = readIslandProps<EnquiryIslandProps>(container);
  return new Promise((resolve, reject) => {
    // Layout effects run as soon as the hydrated tree is committed: from then on the form is
    // React's (an event arriving before the passive effects ran makes React run them first).
    function Started() {
      useLayoutEffect(() => resolve(), []);
      return null;
    }
    hydrateRoot(
      container,
      <StrictMode>
        <EnquiryIsland {...props} touchedBeforeStart={touched} />
        <Started />
      </StrictMode>,
      {
        onUncaughtError(error) {
          logStartupError(error);
          reject(error);
        },
        // A mismatch with the prerendered HTML: React renders the island afresh and goes on.
        onRecoverableError: logStartupError,
      },
    );
  });
}
