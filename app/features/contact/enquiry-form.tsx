import { CircleAlert } from "lucide-react";
import {
  type FormEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useForm } from "react-hook-form";
import { type TapChannel, tapChannels, tapPath } from "../../../contract/contact-taps";
import {
  type EnquiryField,
  type EnquiryFormInput,
  type EnquiryProblem,
  enquiryFormFields,
  enquiryTypeValues,
  isRequiredField,
} from "../../../contract/enquiry";
import type { ContactPageFile } from "../../content/schemas";
import { enquiryEmailHref } from "./enquiry-by-email";
import styles from "./enquiry-form.module.css";
import { enquiryResolver } from "./enquiry-resolver";
import { FORM_READY_EVENT, LEFT_ATTRIBUTE } from "./island-signals";
import { type BotCheck, siteBotCheck } from "./recaptcha";
import { sendEnquiry } from "./send-enquiry";

export type Notice = {
  kind: "success" | "error";
  message: string;
  /** Another way to do what failed, shown under the message. */
  link?: { label: string; href: string };
};

/** A way to reach the company the page shows elsewhere (company.yaml): its label and number. */
type Way = { label: string; number: string };

/** The company's other ways to reach it, offered after a failed send; its reply promise. */
export type CompanyReach = Partial<Record<TapChannel, Way>> & { replyPromise?: string };

/** What stays by the send button until the next send. */
type Outcome = { sent: false } | { sent: true; reference?: string };

export type EnquiryFormProps = {
  copy: ContactPageFile["enquiryForm"];
  /** The privacy sentence above the submit button. */
  privacyNote: string;
  /** Id of the heading that names the form. */
  labelledBy: string;
  notify: (notice: Notice) => void;
  /** Where a failed send can go by email instead; unset, no email is offered. */
  supportEmail?: string;
  reach?: CompanyReach;
  botCheck?: BotCheck;
};

// Not from useId, which would differ between the prerendered page and the island.
const idOf = (name: EnquiryField) => `enquiry-${name}`;
const errorIdOf = (name: EnquiryField) => `${idOf(name)}-error`;

const EMPTY = Object.fromEntries(enquiryFormFields.map((name) => [name, ""])) as EnquiryFormInput;

// What the visitor typed into the prerendered form before the island started (first-use.ts),
// and which fields they left, read before the form library takes the fields over.
function formBeforeStart() {
  const values = { ...EMPTY };
  const left: EnquiryField[] = [];
  if (typeof document === "undefined") return { values, left };
  for (const name of enquiryFormFields) {
    const control = document.getElementById(idOf(name)) as HTMLInputElement | null;
    values[name] = control?.value ?? "";
    if (control?.hasAttribute(LEFT_ATTRIBUTE)) left.push(name);
  }
  return { values, left };
}

const textInputs = {
  name: { type: "text", autoComplete: "name" },
  // A phone keypad, with the + and the spaces people write numbers with.
  phone: { type: "tel", autoComplete: "tel" },
  email: { type: "email", autoComplete: "email", spellCheck: false },
} as const;

/**
 * A field that gets focus is brought wholly into view, its margins (the fixed header above, the
 * error line below: enquiry-form.module.css) included, where the engine left it partly hidden:
 * WebKit does not scroll a field reached by Tab into view. Run on focus, and as the island starts.
 */
function keepInView(field: EventTarget | null) {
  if (!(field instanceof HTMLElement)) return;
  const box = field.getBoundingClientRect();
  const { scrollMarginTop, scrollMarginBottom } = getComputedStyle(field);
  const hidden =
    box.top - Number.parseFloat(scrollMarginTop) < 0 ||
    box.bottom + Number.parseFloat(scrollMarginBottom) > innerHeight;
  if (hidden) field.scrollIntoView({ block: "nearest" });
}

/**
 * The message box grows with its text: by CSS (field-sizing) where the engine has it, else by
 * its height set to its text's, as the visitor types (WebKit and Firefox ESR lack field-sizing).
 */
function growWithText(event: FormEvent<HTMLTextAreaElement>) {
  const box = event.currentTarget;
  if (box.style.fieldSizing !== undefined) return;
  box.style.height = "auto";
  box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
}

export function EnquiryForm({
  copy,
  privacyNote,
  labelledBy,
  notify,
  supportEmail,
  reach = {},
  botCheck = siteBotCheck,
}: EnquiryFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [outcome, setOutcome] = useState<Outcome>();
  const [before] = useState(formBeforeStart);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { isValid, isSubmitting, isSubmitted, isSubmitSuccessful, errors, touchedFields },
  } = useForm({ resolver: enquiryResolver, mode: "onTouched", defaultValues: before.values });

  useLayoutEffect(() => {
    // The focus that started the island (first use) came before our onFocus could see it.
    const focused = document.activeElement;
    if (formRef.current?.contains(focused)) keepInView(focused);
    formRef.current?.dispatchEvent(new Event(FORM_READY_EVENT, { bubbles: true }));
  }, []);

  // What was done before the start is checked now. A field left, or typed in and no longer being
  // edited, counts as touched, so its error shows as usual.
  useEffect(() => {
    const { values, left } = before;
    const used = enquiryFormFields.filter((name) => values[name] !== "" || left.includes(name));
    if (used.length === 0 && !formRef.current?.contains(document.activeElement)) return;
    botCheck.prepare();
    for (const name of used) {
      const touched = left.includes(name) || document.activeElement?.id !== idOf(name);
      setValue(name, values[name], { shouldValidate: true, shouldTouch: touched });
    }
  }, [botCheck, before, setValue]);

  // Reset once handleSubmit has finished, or it would mark the fresh form submitted.
  useEffect(() => {
    if (!isSubmitSuccessful) return;
    reset(EMPTY);
    notify({ kind: "success", message: copy.notifications.success });
  }, [isSubmitSuccessful, reset, notify, copy]);

  const submit = handleSubmit(async (values) => {
    setOutcome(undefined);
    const reference = await sendEnquiry(values, await botCheck.token());
    setOutcome({ sent: true, reference });
  });
  const mailbox = supportEmail && `mailto:${supportEmail}`;
  /** The mailto rescue, carrying what the form holds now. */
  const emailHref = (mailbox: string) =>
    enquiryEmailHref(mailbox, copy.emailInstead.subject, formRef.current as HTMLFormElement);
  function onFailure(error: unknown) {
    console.error("The enquiry could not be sent:", error);
    setOutcome({ sent: false });
    notify({
      kind: "error",
      message: copy.notifications.error,
      link: mailbox ? { label: copy.emailInstead.link, href: emailHref(mailbox) } : undefined,
    });
  }

  function outcomeLine(shown: Outcome) {
    const words = copy.outcome;
    if (shown.sent) {
      const reference = shown.reference && words.reference.replace("{reference}", shown.reference);
      return [words.received, reference, reach.replyPromise].filter(Boolean).join(" ");
    }
    const ways = [
      ...(mailbox ? [{ key: "email", label: words.email, href: () => emailHref(mailbox) }] : []),
      ...tapChannels.flatMap((channel) => {
        const way = reach[channel];
        const href = () => tapPath(channel, "contact");
        return way ? [{ key: channel, label: `${way.label} ${way.number}`, href }] : [];
      }),
    ];
    return (
      <>
        {words.failed}
        {ways.length > 0 && (
          <>
            {` ${words.otherWays}`}
            <span className={styles.ways}>
              {ways.map((way) => (
                <a
                  key={way.key}
                  href={way.href()}
                  // Written again when followed: the mail carries what the form holds then.
                  onClick={(event) => {
                    event.currentTarget.href = way.href();
                  }}
                >
                  {way.label}
                </a>
              ))}
            </span>
          </>
        )}
      </>
    );
  }

  // Requirements §6.2: an invalid field shows its error once touched or after a submit, in the
  // content's words for the problem the shared rules name.
  function shownError(name: EnquiryField) {
    const problem = errors[name]?.message as EnquiryProblem | undefined;
    if (!problem || !(touchedFields[name] || isSubmitted)) return undefined;
    return (copy.errors[name] as Partial<Record<EnquiryProblem, string>>)[problem];
  }

  function control(name: EnquiryField) {
    const invalid = shownError(name) !== undefined;
    return {
      id: idOf(name),
      className: styles.control,
      required: isRequiredField(name),
      "aria-invalid": invalid ? ("true" as const) : undefined,
      "aria-describedby": invalid ? errorIdOf(name) : undefined,
      ...register(name),
    };
  }

  function field(name: EnquiryField, children: ReactNode) {
    const error = shownError(name);
    return (
      <div key={name} className={styles.field}>
        <label htmlFor={idOf(name)} className={styles.label}>
          {copy.labels[name]}
        </label>
        {children}
        {error && (
          <p id={errorIdOf(name)} className={styles.error}>
            <CircleAlert size={16} strokeWidth={2.5} aria-hidden="true" />
            {error}
          </p>
        )}
      </div>
    );
  }

  const { placeholders, botCheckNotice: notice } = copy;
  const prepareBotCheck = () => botCheck.prepare();
  return (
    <form
      ref={formRef}
      className={styles.form}
      aria-labelledby={labelledBy}
      aria-busy={isSubmitting}
      noValidate
      tabIndex={-1}
      onSubmit={(event) => {
        // One send at a time: the busy button still answers a press.
        if (isSubmitting) return event.preventDefault();
        submit(event).catch(onFailure);
      }}
      onFocus={(event) => {
        prepareBotCheck();
        keepInView(event.target);
      }}
      onInput={prepareBotCheck}
    >
      <p className={styles.requiredNote}>{copy.requiredNote}</p>
      {(["name", "phone", "email"] as const).map((name) =>
        field(
          name,
          <input {...control(name)} {...textInputs[name]} placeholder={placeholders[name]} />,
        ),
      )}
      {field(
        "enquiry",
        // Selected from the prerendered HTML on, so the browser does not pick the first type.
        <select {...control("enquiry")} defaultValue="">
          <option value="" disabled>
            {copy.enquiryPrompt}
          </option>
          {enquiryTypeValues.map((type) => (
            <option key={type} value={type}>
              {copy.enquiryTypes[type]}
            </option>
          ))}
        </select>,
      )}
      {field(
        "message",
        <textarea
          {...control("message")}
          onInput={growWithText}
          rows={6}
          className={`${styles.control} ${styles.message}`}
          placeholder={placeholders.message}
        />,
      )}
      <p className={styles.privacyNote}>{privacyNote}</p>
      <div className={styles.actions}>
        {/* Unavailable while invalid or sending (requirements §6.3), yet focusable and pressable:
            pressed while invalid, handleSubmit marks every invalid field and focuses the first. */}
        <button
          type="submit"
          className={styles.submit}
          aria-disabled={!isValid || isSubmitting || undefined}
        >
          {isSubmitting ? copy.submit.busy : copy.submit.idle}
        </button>
        {botCheck.enabled && (
          <p className={styles.botCheckNotice}>
            {/* The editor trims its texts, so the spaces around the links are ours. */}
            {`${notice.before} `}
            <a href={notice.privacy.href}>{notice.privacy.label}</a>
            {` ${notice.between} `}
            <a href={notice.terms.href}>{notice.terms.label}</a>
            {` ${notice.after}`}
          </p>
        )}
      </div>
      {/* The outcome of the last send, under the button, until the next send: the notices are
          gone after five seconds (requirements §6.5). Present from the start, so it is announced. */}
      <p
        role="status"
        className={styles.outcome}
        data-outcome={outcome && (outcome.sent ? "received" : "failed")}
      >
        {outcome && outcomeLine(outcome)}
      </p>
    </form>
  );
}
