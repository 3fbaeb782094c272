import type { ClientDirective } from "astro";
import { enquiryEmailHref } from "./enquiry-by-email";
import { FORM_READY_EVENT, LEFT_ATTRIBUTE } from "./island-signals";

// `client:first-use` (decision 0030): the prerendered form can be typed in at once; its island is
// fetched when the form nears the screen and runs on first use. If it cannot, the page says so
// and offers the enquiry by email, carrying what was typed. `data-island-state` on the island is
// waiting, loading, ready or failed.

/** After first use, how long the island may take to start before the visitor is told. */
const READY_WITHIN_MS = 10_000;
const FIRST_USE = ["pointerdown", "focusin", "input"] as const;

/** The visitor asked to save data, or is on 2G: fetch nothing before it is needed. */
function savingData() {
  const { connection } = navigator as {
    connection?: { saveData?: boolean; effectiveType?: string };
  };
  return !!connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? "");
}

const afterLoad = (run: () => void) =>
  document.readyState === "complete" ? run() : addEventListener("load", run, { once: true });

/** A fetch started at load would share a slow connection with the first paint (decision 0023). */
function afterFirstPaint(run: () => void) {
  afterLoad(() => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      run();
    });
    observer.observe({ type: "paint", buffered: true });
  });
}

/** The failure message of the page's template, with a mailto carrying what was typed. */
function failureNotice(form: HTMLFormElement) {
  const region = document.querySelector<HTMLElement>("[data-island-failure]");
  const template = document.querySelector<HTMLTemplateElement>("[data-island-failure-message]");
  const writeEmail = (link: HTMLAnchorElement) => {
    link.href = enquiryEmailHref(link.href.split("?")[0] ?? "", link.dataset.subject ?? "", form);
  };
  const hide = () => region?.replaceChildren();
  // Shown once: a retry that fails again only brings the email (when there is one) up to date.
  const show = () => {
    if (region?.hasChildNodes()) {
      const shown = region.querySelector("a");
      return shown && writeEmail(shown);
    }
    const message = template?.content.cloneNode(true) as DocumentFragment | undefined;
    if (!region || !message) return;
    const link = message.querySelector("a");
    if (link) {
      writeEmail(link);
      link.addEventListener("click", () => writeEmail(link));
    }
    message.querySelector("button")?.addEventListener("click", hide);
    region.replaceChildren(message);
  };
  return { show, hide };
}

const firstUse: ClientDirective = (load, _options, island) => {
  const form = island.querySelector("form");
  if (!form) return;
  island.dataset.islandState = "waiting";
  const notice = failureNotice(form);

  // Fields left before the start show their errors once the form runs (enquiry-form.tsx).
  const onLeave = (event: FocusEvent) =>
    (event.target as Element).toggleAttribute(LEFT_ATTRIBUTE, true);
  form.addEventListener("focusout", onLeave);

  // Astro's load() fetches the island's modules. A failure is reported as an event and leaves a
  // hydrate that does nothing, so each attempt after a failure loads afresh.
  let loading: ReturnType<typeof load> | undefined;
  let failure: unknown;
  island.addEventListener("astro:hydration-error", (event) => {
    event.preventDefault();
    failure = (event as CustomEvent<{ error: unknown }>).detail.error;
    loading = undefined;
  });
  const fetchIsland = () => {
    failure = undefined;
    loading ??= load();
    return loading;
  };

  if (!savingData()) {
    afterFirstPaint(() => {
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          fetchIsland();
        },
        { rootMargin: "50% 0px" },
      );
      observer.observe(form);
    });
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const fail = (error: unknown) => {
    if (island.dataset.islandState === "ready") return;
    console.error("The enquiry form could not start:", error);
    clearTimeout(timer);
    island.dataset.islandState = "failed";
    notice.show();
  };
  island.addEventListener(FORM_READY_EVENT, () => {
    clearTimeout(timer);
    island.dataset.islandState = "ready";
    notice.hide();
    form.removeEventListener("focusout", onLeave);
    for (const type of FIRST_USE) island.removeEventListener(type, start, true);
  });

  async function start() {
    if (island.dataset.islandState === "loading" || island.dataset.islandState === "ready") return;
    island.dataset.islandState = "loading";
    const late = () => fail(new Error(`not ready within ${READY_WITHIN_MS} ms of first use`));
    timer = setTimeout(late, READY_WITHIN_MS);
    const hydrate = await fetchIsland();
    if (failure !== undefined) return fail(failure);
    await hydrate();
  }

  for (const type of FIRST_USE) island.addEventListener(type, start, true);
  // A page the browser restored with the form filled in or focused is already in use.
  afterLoad(() => {
    const fields = [...form.querySelectorAll<HTMLInputElement>("[name]")];
    if (form.contains(document.activeElement) || fields.some((field) => field.value)) start();
  });
};

export default firstUse;
