import { type EmailLine, enquiryEmailHref } from "./enquiry-by-email";

// The contact form's island loader, inlined into the page (scripts/island-plugin.ts builds it
// into one small script; the server lists its hash in the CSP like any inline script). The
// prerendered form can be typed in at once; this fetches the island's module when the form
// nears the screen, runs it on the visitor's first use of the form, and if it cannot, says so
// and offers the enquiry by email. Numbers and trade-offs: decision 0011.

/** After first use, how long the island may take to start before the visitor is told. */
export const READY_WITHIN_MS = 10_000;
/** How close to the screen the form comes before its module is fetched. */
const PREFETCH_MARGIN = "50%";
const FIRST_USE = ["pointerdown", "focusin", "input"] as const;

/** The island module's export: hydrates the container, resolves once the form runs. */
export type StartIsland = (container: HTMLElement, touched: readonly string[]) => Promise<void>;
type IslandModule = { start: StartIsland };

export type IslandState = "waiting" | "loading" | "ready" | "failed";

type LoaderParts = {
  /** The island's container: `data-island` names its module; the state goes on `data-island-state`. */
  container: HTMLElement;
  /** An empty live region the failure message goes into. */
  failureRegion: HTMLElement;
  /** The failure message, with a mailto link (its `data-subject` the email's subject) and a Close button. */
  failureTemplate: HTMLTemplateElement;
  importModule?: (url: string) => Promise<IslandModule>;
};

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** The visitor asked to save data, or is on a 2G connection: fetch nothing before it is needed. */
function savingData(): boolean {
  const connection = (navigator as { connection?: NetworkInformation }).connection;
  return !!connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? "");
}

function afterLoad(run: () => void) {
  if (document.readyState === "complete") run();
  else addEventListener("load", run, { once: true });
}

/**
 * After load and the page's first paint. A small page loads before it paints, so load alone
 * is not enough: a fetch started then shares the slow connection with the first paint, and
 * Lighthouse counts its bytes against it (decision 0023).
 */
function afterLoadAndFirstPaint(run: () => void) {
  afterLoad(() => {
    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
      // The frame after the next animation frame has been painted.
      requestAnimationFrame(() => setTimeout(run));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      run();
    });
    observer.observe({ type: "paint", buffered: true });
  });
}

/** The form's fields as the email lists them: each label, then what was typed or chosen. */
function typedLines(form: HTMLFormElement): EmailLine[] {
  const lines: EmailLine[] = [];
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    "input[name], select[name], textarea[name]",
  )) {
    const label = form.querySelector(`label[for="${control.id}"]`)?.textContent ?? control.name;
    const value =
      control instanceof HTMLSelectElement
        ? control.value && (control.selectedOptions[0]?.text ?? control.value)
        : control.value;
    lines.push({ label, value });
  }
  return lines;
}

export function loadIslandOnFirstUse({
  container,
  failureRegion,
  failureTemplate,
  importModule = (url) => import(/* @vite-ignore */ url),
}: LoaderParts) {
  const moduleUrl = container.dataset.island ?? "";
  const form = container.querySelector("form");
  if (!moduleUrl || !form) return;

  let state: IslandState = "waiting";
  const setState = (next: IslandState) => {
    state = next;
    container.dataset.islandState = next;
  };
  setState("waiting");

  // Fields left before the start: once the island runs, they show their errors.
  const touched = new Set<string>();
  const onLeave = (event: FocusEvent) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (name) touched.add(name);
  };
  form.addEventListener("focusout", onLeave);

  let preloaded = false;
  const preload = () => {
    if (preloaded) return;
    preloaded = true;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = moduleUrl;
    document.head.append(link);
  };
  if (!savingData()) {
    afterLoadAndFirstPaint(() => {
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          preload();
        },
        { rootMargin: `${PREFETCH_MARGIN} 0px` },
      );
      observer.observe(form);
    });
  }

  function hideFailure() {
    failureRegion.replaceChildren();
  }

  // Written out again whenever it is shown or followed, so it carries what was typed last.
  let writeOutEmail = () => {};

  // Shown once: a retry that fails again only brings its email up to date, rather than
  // announcing the message anew.
  function showFailure() {
    if (failureRegion.childElementCount > 0) {
      writeOutEmail();
      return;
    }
    const message = failureTemplate.content.cloneNode(true) as DocumentFragment;
    const link = message.querySelector("a");
    if (link) {
      const mailbox = link.href;
      const subject = link.dataset.subject ?? "";
      writeOutEmail = () => {
        link.href = enquiryEmailHref(mailbox, subject, typedLines(form as HTMLFormElement));
      };
      writeOutEmail();
      link.addEventListener("click", writeOutEmail);
    }
    message.querySelector("button")?.addEventListener("click", hideFailure);
    failureRegion.replaceChildren(message);
  }

  function fail(error: unknown) {
    if (state === "ready") return;
    console.error("The enquiry form could not start:", error);
    setState("failed");
    showFailure();
  }

  // The module's start, once it has arrived: a late first attempt and a retry share it.
  let started: Promise<void> | undefined;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function load() {
    if (state === "loading" || state === "ready") return;
    attempts += 1;
    // A failed module fetch is remembered by the browser under its URL; a retry asks afresh.
    const url = attempts === 1 ? moduleUrl : `${moduleUrl}?retry=${attempts}`;
    setState("loading");
    clearTimeout(timer);
    timer = setTimeout(
      () => fail(new Error(`The form was not ready within ${READY_WITHIN_MS} ms of first use`)),
      READY_WITHIN_MS,
    );
    importModule(url)
      .then((module) => {
        started ??= module.start(container, [...touched]);
        return started;
      })
      .then(() => {
        clearTimeout(timer);
        setState("ready");
        hideFailure();
        form?.removeEventListener("focusout", onLeave);
        for (const type of FIRST_USE) container.removeEventListener(type, load, true);
      }, fail);
  }

  for (const type of FIRST_USE) container.addEventListener(type, load, true);
  // A page the browser restored with the form filled in or focused is already in use.
  afterLoad(() => {
    const inUse =
      form.contains(document.activeElement) ||
      [...form.querySelectorAll<HTMLInputElement>("input, select, textarea")].some(
        (field) => field.value !== "",
      );
    if (inUse) load();
  });
}
