// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type EnquiryField,
  type EnquiryFormValues,
  enquiryFormFields,
  enquiryPayload,
  enquiryTypeValues,
} from "../../../contract/enquiry";
import { siteConfig } from "../../config";
import { pageFile } from "../../content/site-content";
import type { EnquiryFormProps } from "./enquiry-form";
import { EnquiryIsland, NOTIFICATION_DURATION_MS } from "./enquiry-island";
import { type BotCheck, createBotCheck, RECAPTCHA_SCRIPT_URL } from "./recaptcha";

const enquiryFormCopy = pageFile({ id: "contact", kind: "contact" }).enquiryForm;
const { labels, placeholders, notifications, errors, enquiryTypes, outcome } = enquiryFormCopy;
const PRIVACY_NOTE = "We use your personal information only to provide what you ask for.";
const SUPPORT_EMAIL = "help@metsi.test";

type SentRequest = { url: string; init: RequestInit };
let sent: SentRequest[];
/** How the stand-in server answers the next send; a real Response, like the browser's fetch. */
let answer: () => Promise<Response>;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  sent = [];
  answer = async () => new Response("{}", { status: 200 });
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  });
  consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  for (const script of document.querySelectorAll("script")) script.remove();
  delete window.grecaptcha;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * The form as the page shows it. With `before`, as a visitor met it: prerendered, used before
 * its island started (first-use.ts marks each field left), then hydrated.
 */
function renderForm(
  botCheck: BotCheck = createBotCheck(""),
  options = {},
  before?: { left: readonly EnquiryField[]; typed?: Partial<Record<EnquiryField, string>> },
  props: Partial<EnquiryFormProps> = { supportEmail: SUPPORT_EMAIL },
) {
  const user = userEvent.setup(options);
  const ui = (
    <>
      <h2 id="form-heading">Request a Demo</h2>
      <EnquiryIsland
        copy={enquiryFormCopy}
        privacyNote={PRIVACY_NOTE}
        labelledBy="form-heading"
        botCheck={botCheck}
        {...props}
      />
    </>
  );
  if (!before) return { user, ...render(ui) };
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(ui);
  for (const [name, value] of Object.entries(before.typed ?? {})) {
    (document.getElementById(`enquiry-${name}`) as HTMLInputElement).value = value;
  }
  for (const name of before.left)
    document.getElementById(`enquiry-${name}`)?.toggleAttribute("data-left");
  return { user, ...render(ui, { container, hydrate: true }) };
}

const field = Object.fromEntries(
  enquiryFormFields.map((name) => [name, () => screen.getByLabelText(labels[name])]),
) as Record<EnquiryField, () => HTMLInputElement>;
const submitButton = () =>
  screen.getByRole("button", {
    name: (name) => [enquiryFormCopy.submit.idle, enquiryFormCopy.submit.busy].includes(name),
  });
const form = () => screen.getByRole("form", { name: "Request a Demo" });
/** Shown and announced as unavailable, yet in the tab order and pressable (requirements §6.3). */
const expectUnavailable = () => expect(submitButton()).toHaveAttribute("aria-disabled", "true");
const expectAvailable = () => expect(submitButton()).not.toHaveAttribute("aria-disabled");

type User = ReturnType<typeof userEvent.setup>;

const filledValues: EnquiryFormValues = {
  name: "Thandi Nkosi",
  phone: "0821234567",
  email: "thandi@example.co.za",
  enquiry: "support",
  message: "Please show us the meters.",
};

async function fillValid(user: User, values: Partial<typeof filledValues> = filledValues) {
  for (const [name, value] of Object.entries(values)) {
    if (name === "enquiry") await user.selectOptions(field.enquiry(), value);
    else await user.type(field[name as keyof typeof field](), value);
  }
}

const currentValues = () =>
  Object.fromEntries(enquiryFormFields.map((name) => [name, field[name]().value]));

function expectErrorShown(input: HTMLElement, message: string) {
  expect(input).toHaveAttribute("aria-invalid", "true");
  expect(input).toHaveAccessibleDescription(message);
}

function expectNoErrorShown(input: HTMLElement) {
  expect(input).not.toHaveAttribute("aria-invalid");
  expect(input).not.toHaveAttribute("aria-describedby");
}

describe("fields", () => {
  it("are labelled, required, with the content's placeholders, prompt and keyboards", () => {
    renderForm();
    for (const [name, get] of Object.entries(field)) {
      expect(document.querySelector(`label[for="${get().id}"]`)).toBeVisible();
      expect(get()).toBeRequired();
      if (name in placeholders) {
        const placeholder = placeholders[name as keyof typeof placeholders];
        expect(get()).toHaveAttribute("placeholder", placeholder);
      }
    }
    const options = within(field.enquiry()).getAllByRole("option") as HTMLOptionElement[];
    expect(options.map((option) => [option.value, option.textContent])).toEqual([
      ["", enquiryFormCopy.enquiryPrompt],
      ...enquiryTypeValues.map((type) => [type, enquiryTypes[type]]),
    ]);
    expect(field.enquiry().value).toBe("");
    expect(field.phone()).toHaveAttribute("type", "tel");
    // A phone keypad, not a numeric one: it has the + and the spaces people write numbers with.
    expect(field.phone()).not.toHaveAttribute("inputmode");
    expect(field.email()).toHaveAttribute("type", "email");
    expect(Number(field.message().getAttribute("rows"))).toBeGreaterThanOrEqual(6);
    const note = screen.getByText(PRIVACY_NOTE);
    expect(note.compareDocumentPosition(submitButton())).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });
});

describe("an error", () => {
  type Shown = Partial<Record<keyof typeof field, string>>;
  const typeBadPhone = async (user: User) => {
    await user.type(field.phone(), "08a");
    await user.tab();
  };
  const paste = async (user: User, into: HTMLElement, text: string) => {
    await user.click(into);
    await user.paste(text);
    await user.tab();
  };
  it.each<[string, (user: User) => Promise<void>, Shown, (keyof typeof field)[]]>([
    [
      "is not shown while an invalid field is being typed in for the first time",
      (user) => user.type(field.phone(), "08a"),
      {},
      ["phone"],
    ],
    [
      "is shown once an invalid field is left, with a short linked message",
      typeBadPhone,
      { phone: errors.phone.notDigits },
      ["email"],
    ],
    [
      "is shown for a required field that was touched and left empty",
      async (user) => {
        await user.click(field.name());
        await user.tab();
      },
      { name: errors.name.missing },
      ["phone"],
    ],
    [
      "explains an invalid email and an unchosen enquiry type",
      async (user) => {
        await user.type(field.email(), "thandi@example");
        await user.click(field.enquiry());
        await user.click(field.message());
      },
      { email: errors.email.notEmail, enquiry: errors.enquiry.notChosen },
      [],
    ],
    [
      "names hidden control characters pasted into a name or message, as the service does",
      async (user) => {
        await paste(user, field.name(), "Thandi\u001b[2J");
        await paste(user, field.message(), "Line one\nLine two\u0000");
      },
      { name: errors.name.notPrintable, message: errors.message.notPrintable },
      [],
    ],
    [
      "clears as soon as a touched field is corrected",
      async (user) => {
        await typeBadPhone(user);
        expectErrorShown(field.phone(), errors.phone.notDigits);
        await user.clear(field.phone());
        await user.type(field.phone(), "082");
      },
      {},
      ["phone"],
    ],
  ])("%s", async (_case, use, shown, notShown) => {
    const { user } = renderForm();
    await use(user);
    for (const [name, message] of Object.entries(shown)) {
      expectErrorShown(field[name as keyof typeof field](), message);
    }
    for (const name of notShown) expectNoErrorShown(field[name]());
  });
});

describe("submit button", () => {
  it.each([
    ["pressed", (user: User) => user.click(submitButton())],
    ["Enter in a field", (user: User) => user.type(field.phone(), "{Enter}")],
  ])(
    "after Send is %s while invalid, marks every field still wrong, focuses the first and sends nothing",
    async (_how, press) => {
      const { user } = renderForm();
      await user.type(field.phone(), "0821234567");
      await user.type(field.email(), "thandi@");
      expectUnavailable();
      await press(user);
      await waitFor(() => expect(field.name()).toHaveFocus());
      expectErrorShown(field.name(), errors.name.missing);
      expectNoErrorShown(field.phone());
      expectErrorShown(field.email(), errors.email.notEmail);
      expectErrorShown(field.enquiry(), errors.enquiry.notChosen);
      expectErrorShown(field.message(), errors.message.missing);
      expect(sent).toHaveLength(0);
    },
  );

  it("posts the enquiry with the fixed fields and an empty token when no site key is set", async () => {
    const { user } = renderForm(createBotCheck(""));
    await fillValid(user);
    await user.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe(`${siteConfig.apiBase}/Comms/ValidateEmailTokens`);
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual(
      enquiryPayload(filledValues, "", siteConfig.companyName),
    );
    expect(document.querySelectorAll(`script[src^="${RECAPTCHA_SCRIPT_URL}"]`)).toHaveLength(0);
  });

  it("takes the phone number as the visitor writes it, keeps it so, and sends its digits", async () => {
    const { user } = renderForm();
    await fillValid(user, { ...filledValues, phone: "+27 (82) 123-4567" });
    expectAvailable();
    await user.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = JSON.parse(String(sent[0]?.init.body));
    expect([body.phone, body.cell]).toEqual(["27821234567", "27821234567"]);
  });

  it("shows a busy, unavailable button while the send is in flight", async () => {
    let finish: (response: Response) => void = () => undefined;
    answer = () =>
      new Promise((resolve) => {
        finish = resolve;
      });
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submitButton());
    await waitFor(() => expect(submitButton()).toHaveTextContent(enquiryFormCopy.submit.busy));
    expectUnavailable();
    expect(form()).toHaveAttribute("aria-busy", "true");
    await user.click(submitButton());
    await user.type(field.name(), "{Enter}");
    expect(sent).toHaveLength(1);

    await act(async () => finish(new Response("{}", { status: 200 })));
    await waitFor(() => expect(submitButton()).toHaveTextContent(enquiryFormCopy.submit.idle));
    expect(form()).toHaveAttribute("aria-busy", "false");
  });

  it("on success resets values, touched and submitted state, and says so in a polite live region until closed", async () => {
    const { user } = renderForm();
    const region = screen.getByRole("region", { name: /Notifications/ });
    expect(region).toHaveAttribute("aria-live", "polite");
    await fillValid(user);
    await user.click(submitButton());

    const notice = await within(region).findByText(notifications.success);
    expect(notice.closest("[data-notification]")).toHaveAttribute("data-type", "success");
    expect(currentValues()).toEqual({ name: "", phone: "", email: "", enquiry: "", message: "" });
    for (const get of Object.values(field)) expectNoErrorShown(get());
    // The form's validity is worked out again after the reset, in a render of its own.
    await waitFor(expectUnavailable);
    // The button stays focusable, so the keyboard stays where it was.
    expect(submitButton()).toHaveFocus();
    // Nothing is marked submitted or touched: leaving an empty field is the first touch again.
    await user.click(field.name());
    expectNoErrorShown(field.phone());
    expect(consoleError).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: notifications.close }));
    await waitFor(() => expect(notice).not.toBeInTheDocument());
  });

  it.each([
    ["an HTTP error", async () => new Response("{}", { status: 500 })],
    [
      "a network failure",
      async () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])(
    "on %s shows the error, logs it, keeps the values and offers them by email",
    async (_case, failure) => {
      answer = failure;
      const { user } = renderForm();
      await fillValid(user);
      await user.click(submitButton());

      const notice = await screen.findByText(notifications.error);
      expect(notice.closest("[data-notification]")).toHaveAttribute("data-type", "error");
      expect(consoleError).toHaveBeenCalledOnce();
      expect(currentValues()).toEqual(filledValues);
      for (const get of Object.values(field)) expectNoErrorShown(get());
      expectAvailable();
      expect(submitButton()).toHaveFocus();

      const link = screen.getByRole("link", { name: enquiryFormCopy.emailInstead.link });
      const href = new URL(link.getAttribute("href") ?? "");
      expect(`${href.protocol}${href.pathname}`).toBe(`mailto:${SUPPORT_EMAIL}`);
      expect(href.searchParams.get("subject")).toBe(enquiryFormCopy.emailInstead.subject);
      const shown = { ...filledValues, enquiry: enquiryTypes.support };
      const lines = enquiryFormFields.map((name) => `${labels[name]}: ${shown[name]}`);
      expect(href.searchParams.get("body")).toBe(lines.join("\r\n"));
    },
  );
});

describe("before the form started", () => {
  it("keeps what the visitor typed, shows the errors of fields they left and only those, and sends it", async () => {
    const left: EnquiryField[] = ["name", "email"];
    const { user } = renderForm(undefined, {}, { left, typed: { name: "Thandi" } });
    await waitFor(() => expectErrorShown(field.email(), errors.email.missing));
    expect(field.name()).toHaveValue("Thandi");
    for (const name of ["name", "phone", "message"] as const) expectNoErrorShown(field[name]());
    const { name: _, ...allButName } = filledValues;
    await fillValid(user, allButName);
    await user.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(JSON.parse(String(sent[0]?.init.body))).toMatchObject({ name: "Thandi" });
  });
});

describe("bot check", () => {
  const providerScripts = () =>
    document.querySelectorAll<HTMLScriptElement>(`script[src^="${RECAPTCHA_SCRIPT_URL}"]`);

  function loadStandInProvider(execute: () => Promise<string>) {
    const calls: { siteKey: string; action: string }[] = [];
    window.grecaptcha = {
      ready: (callback) => setTimeout(callback, 0),
      execute: (siteKey, { action }) => {
        calls.push({ siteKey, action });
        return execute();
      },
    };
    // The script is asked for on the first interaction with the form.
    if (providerScripts().length === 0) fireEvent.focusIn(field.name());
    providerScripts()[0]?.dispatchEvent(new Event("load"));
    return calls;
  }

  it("sends a fresh token with action contact on each submit; each notice replaces the last", async () => {
    answer = async () => new Response("{}", { status: 500 });
    const { user } = renderForm(createBotCheck("test-site-key"));
    let issued = 0;
    const calls = loadStandInProvider(async () => `token-${++issued}`);
    await fillValid(user);

    await user.click(submitButton());
    await screen.findByText(notifications.error);
    await waitFor(() => expectAvailable());
    answer = async () => new Response("{}", { status: 200 });
    await user.click(submitButton());
    await screen.findByText(notifications.success);
    await waitFor(() => expect(document.querySelectorAll("[data-notification]")).toHaveLength(1));
    expect(screen.queryByText(notifications.error)).not.toBeInTheDocument();

    const contact = { siteKey: "test-site-key", action: "contact" };
    expect(calls).toEqual([contact, contact]);
    const tokens = sent.map(({ init }) => JSON.parse(String(init.body)).token);
    expect(tokens).toEqual(["token-1", "token-2"]);
  });

  it("shows Google's notice and links beside the button, as its badge is hidden; none when off", () => {
    const { unmount } = renderForm(createBotCheck("test-site-key"));
    const { before, privacy, between, terms, after } = enquiryFormCopy.botCheckNotice;
    const notice = screen.getByText(before, { exact: false });
    expect(notice).toHaveTextContent(
      `${before} ${privacy.label} ${between} ${terms.label} ${after}`,
    );
    for (const { label, href } of [privacy, terms]) {
      expect(within(notice).getByRole("link", { name: label })).toHaveAttribute("href", href);
    }
    expect(notice.parentElement).toContainElement(submitButton());
    unmount();
    renderForm(createBotCheck(""));
    expect(screen.queryByText(before, { exact: false })).not.toBeInTheDocument();
  });

  // A script that cannot load rejects the token the same way (recaptcha.test.ts).
  it("treats a refused token as a failed send", async () => {
    const { user } = renderForm(createBotCheck("test-site-key"));
    await fillValid(user);
    loadStandInProvider(() => Promise.reject(new Error("Invalid site key")));
    await user.click(submitButton());

    await screen.findByText(notifications.error);
    expect(sent).toHaveLength(0);
    expect(currentValues()).toEqual(filledValues);
    const refused = expect.objectContaining({ message: "Invalid site key" });
    expect(consoleError).toHaveBeenCalledWith("The enquiry could not be sent:", refused);
  });
});

describe("notifications", () => {
  it.each([
    [
      "the pointer is on it",
      (toast: HTMLElement) => fireEvent.pointerEnter(toast),
      (toast: HTMLElement) => fireEvent.pointerLeave(toast),
    ],
    [
      "keyboard focus is in it",
      (toast: HTMLElement) => within(toast).getByRole("button").focus(),
      () => field.name().focus(),
    ],
  ])("wait while %s, then have their full time again", async (_case, hold, release) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = async () => new Response("{}", { status: 500 });
    const { user } = renderForm(undefined, { advanceTimers: vi.advanceTimersByTime });
    await fillValid(user);
    await user.click(submitButton());
    const region = screen.getByRole("region", { name: /Notifications/ });
    await within(region).findByText(notifications.error);

    act(() => hold(region));
    await act(() => vi.advanceTimersByTimeAsync(3 * NOTIFICATION_DURATION_MS));
    expect(screen.getByText(notifications.error)).toBeInTheDocument();
    act(() => release(region));
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_DURATION_MS - 300));
    expect(screen.getByText(notifications.error)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(300 + 250));
    expect(screen.queryByText(notifications.error)).not.toBeInTheDocument();
    expect(NOTIFICATION_DURATION_MS).toBe(5000);
  });
});

describe("the outcome by the send button", () => {
  const reach = {
    phone: { label: "Phone", number: "021 555 0123" },
    whatsapp: { label: "WhatsApp", number: "+27 82 555 0199" },
    replyPromise: "We reply within one working day.",
  };
  const status = () => screen.getByRole("status");
  const closeNotice = async (user: User) => {
    await user.click(screen.getByRole("button", { name: notifications.close }));
    await waitFor(() => expect(document.querySelector("[data-notification]")).toBeNull());
  };

  it("after a failure stays past its notice, keeps what was typed and offers every way to reach us; the next send replaces it", async () => {
    answer = async () => new Response("{}", { status: 500 });
    const { user } = renderForm(undefined, {}, undefined, { supportEmail: SUPPORT_EMAIL, reach });
    expect(status()).toBeEmptyDOMElement();
    await fillValid(user);
    await user.click(submitButton());
    await screen.findByText(notifications.error);
    await closeNotice(user);

    expect(status()).toHaveTextContent(`${outcome.failed} ${outcome.otherWays}`);
    expect(currentValues()).toEqual(filledValues);
    const ways = within(status()).getAllByRole("link");
    expect(
      ways.map((link) => [link.textContent, link.getAttribute("href")?.split("?")[0]]),
    ).toEqual([
      [outcome.email, `mailto:${SUPPORT_EMAIL}`],
      ["Phone 021 555 0123", "/go/phone"],
      ["WhatsApp +27 82 555 0199", "/go/whatsapp"],
    ]);
    expect(ways[0]?.getAttribute("href")).toContain(encodeURIComponent(filledValues.message));

    answer = async () => new Response('{"id":"x","reference":"0F8C2A4E"}', { status: 201 });
    await user.click(submitButton());
    await screen.findByText(notifications.success);
    await closeNotice(user);
    const reference = outcome.reference.replace("{reference}", "0F8C2A4E");
    expect(status()).toHaveTextContent(`${outcome.received} ${reference} ${reach.replyPromise}`);
  });

  it("offers and promises only what the company has set", async () => {
    answer = async () => new Response("{}", { status: 500 });
    const { user } = renderForm(undefined, {}, undefined, {});
    await fillValid(user);
    await user.click(submitButton());
    await waitFor(() => expect(status()).toHaveTextContent(outcome.failed));
    expect(status()).not.toHaveTextContent(outcome.otherWays);
    expect(within(status()).queryAllByRole("link")).toEqual([]);

    // An answer without a reference is still a success, with no reference to show.
    answer = async () => new Response(null, { status: 201 });
    await user.click(submitButton());
    await waitFor(() => expect(status().textContent).toBe(outcome.received));
  });
});
