import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import {
  type EnquiryField,
  type EnquiryFormInput,
  type EnquiryFormValues,
  type EnquiryProblem,
  enquiryFormFields,
  enquiryTypeValues,
  isRequiredField,
} from "../../../contract/enquiry";
import { siteConfig } from "../../config";
import type { ContactPageFile } from "../../content/schemas";
import { enquiryEmailHref } from "./enquiry-by-email";
import styles from "./enquiry-form.module.css";
import { notify } from "./enquiry-notifications";
import { enquiryResolver } from "./enquiry-resolver";
import { errorIdFor, FormField } from "./form-field";
import { FORM_READY_EVENT } from "./island-signals";
import { type BotCheck, siteBotCheck } from "./recaptcha";
import { sendEnquiry } from "./send-enquiry";
import { EMPTY_ENQUIRY, formBeforeStart } from "./typed-before-start";

export type EnquiryFormCopy = ContactPageFile["enquiryForm"];

type EnquiryFormProps = {
  copy: EnquiryFormCopy;
  /** The privacy sentence shown above the submit button. */
  privacyNote: string;
  /** Id of the heading that names the form. */
  labelledBy: string;
  /**
   * Starts the ids of the fields. Given rather than made with useId, which would differ between
   * the prerendered page and the form's own start in the browser.
   */
  idPrefix: string;
  botCheck?: BotCheck;
};

export function EnquiryForm({
  copy,
  privacyNote,
  labelledBy,
  idPrefix,
  botCheck = siteBotCheck,
}: EnquiryFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const idOf = (name: EnquiryField) => `${idPrefix}-${name}`;
  const [{ values: startValues, left: startTouched }] = useState(() => formBeforeStart(idOf));
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    getValues,
    formState: { isValid, isSubmitting, isSubmitted, errors, touchedFields },
  } = useForm<EnquiryFormInput, unknown, EnquiryFormValues>({
    resolver: enquiryResolver,
    mode: "onTouched",
    defaultValues: startValues,
  });

  useLayoutEffect(() => {
    formRef.current?.dispatchEvent(new Event(FORM_READY_EVENT, { bubbles: true }));
  }, []);

  // Google's script loads on the visitor's first interaction with the form, so a visitor who
  // only reads the page never contacts Google.
  const prepareBotCheck = () => botCheck.prepare();

  // What happened before the form started is checked now. A field left before the start
  // counts as touched, as does one typed in and no longer being edited, so its error shows as
  // usual; the one still being typed in does not, yet.
  useEffect(() => {
    const typed = enquiryFormFields.filter((name) => startValues[name] !== "");
    const form = formRef.current;
    const used = [...new Set([...typed, ...startTouched])];
    if (used.length === 0 && !form?.contains(document.activeElement)) return;
    botCheck.prepare();
    for (const name of used) {
      const editing = document.activeElement?.id === `${idPrefix}-${name}`;
      const left = startTouched.includes(name);
      setValue(name, startValues[name], { shouldValidate: true, shouldTouch: left || !editing });
    }
  }, [botCheck, idPrefix, setValue, startValues, startTouched]);

  // Disabling the focused submit button while sending drops keyboard focus. Once the button is
  // usable again (or the form is empty again), focus goes back to a sensible place.
  const [refocus, setRefocus] = useState<"form" | "submit" | null>(null);
  useEffect(() => {
    if (!refocus) return;
    setRefocus(null);
    const active = document.activeElement;
    const focusLost = !active || active === document.body || active === submitRef.current;
    if (!focusLost) return;
    (refocus === "form" ? formRef.current : submitRef.current)?.focus();
  }, [refocus]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const { notifications } = copy;
    const outcome = { sent: false };
    try {
      await handleSubmit(async (values) => {
        const token = await botCheck.token();
        await sendEnquiry(values, token);
        outcome.sent = true;
      })(event);
    } catch (error) {
      console.error("The enquiry could not be sent:", error);
      notify({
        kind: "error",
        message: notifications.error,
        closeLabel: notifications.close,
        link: { label: copy.emailInstead.link, href: emailHref() },
      });
      setRefocus("submit");
      return;
    }
    // Not sent and no error: the values were invalid, and the fields now show why.
    if (!outcome.sent) return;
    // Reset only after handleSubmit has finished, or it would mark the fresh form submitted.
    reset(EMPTY_ENQUIRY);
    notify({ kind: "success", message: notifications.success, closeLabel: notifications.close });
    setRefocus("form");
  }

  /** The enquiry as typed so far, written out for the visitor's own mail program. */
  function emailHref(): string {
    const values = getValues();
    const typeLabel = enquiryTypeValues.find((type) => type === values.enquiry);
    const lines = enquiryFormFields.map((name) => ({
      label: copy.labels[name],
      value: name === "enquiry" ? (typeLabel ? copy.enquiryTypes[typeLabel] : "") : values[name],
    }));
    return enquiryEmailHref(`mailto:${siteConfig.supportEmail}`, copy.emailInstead.subject, lines);
  }

  /**
   * Requirements §6.2: an invalid field shows its error once touched or after a submit, in the
   * words the content gives the problem the shared rules name.
   */
  function shownError(name: EnquiryField): string | undefined {
    const error = errors[name];
    if (!error || !(touchedFields[name] || isSubmitted)) return undefined;
    const messages: Partial<Record<EnquiryProblem, string>> = copy.errors[name];
    return messages[error.message as EnquiryProblem] ?? error.message;
  }

  function controlProps(name: EnquiryField) {
    const invalid = shownError(name) !== undefined;
    return {
      id: idOf(name),
      className: styles.control,
      required: isRequiredField(name),
      "aria-invalid": invalid ? ("true" as const) : undefined,
      "aria-describedby": invalid ? errorIdFor(idOf(name)) : undefined,
      ...register(name),
    };
  }

  const { labels, placeholders, botCheckNotice: notice } = copy;
  const fieldProps = (name: EnquiryField) => ({
    id: idOf(name),
    label: labels[name],
    error: shownError(name),
  });
  return (
    <form
      ref={formRef}
      className={styles.form}
      aria-labelledby={labelledBy}
      aria-busy={isSubmitting}
      noValidate
      tabIndex={-1}
      onSubmit={onSubmit}
      onFocus={prepareBotCheck}
      onInput={prepareBotCheck}
    >
      <p className={styles.requiredNote}>{copy.requiredNote}</p>

      <FormField {...fieldProps("name")}>
        <input
          {...controlProps("name")}
          type="text"
          autoComplete="name"
          placeholder={placeholders.name}
        />
      </FormField>

      <FormField {...fieldProps("phone")}>
        <input
          {...controlProps("phone")}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder={placeholders.phone}
        />
      </FormField>

      <FormField {...fieldProps("email")}>
        <input
          {...controlProps("email")}
          type="email"
          autoComplete="email"
          spellCheck={false}
          placeholder={placeholders.email}
        />
      </FormField>

      <FormField {...fieldProps("enquiry")}>
        {/* Selected from the prerendered HTML on, so the browser does not pick the first type. */}
        <select {...controlProps("enquiry")} defaultValue="">
          <option value="" disabled>
            {copy.enquiryPrompt}
          </option>
          {enquiryTypeValues.map((type) => (
            <option key={type} value={type}>
              {copy.enquiryTypes[type]}
            </option>
          ))}
        </select>
      </FormField>

      <FormField {...fieldProps("message")}>
        <textarea
          {...controlProps("message")}
          rows={6}
          className={`${styles.control} ${styles.message}`}
          placeholder={placeholders.message}
        />
      </FormField>

      <p className={styles.privacyNote}>{privacyNote}</p>

      <div className={styles.actions}>
        <button
          ref={submitRef}
          type="submit"
          className={styles.submit}
          disabled={!isValid || isSubmitting}
        >
          {isSubmitting ? copy.submit.busy : copy.submit.idle}
        </button>
        {botCheck.enabled ? (
          <p className={styles.botCheckNotice}>
            {/* The editor trims its texts, so the spaces around the links are ours. */}
            {`${notice.before} `}
            <a href={notice.privacy.href}>{notice.privacy.label}</a>
            {` ${notice.between} `}
            <a href={notice.terms.href}>{notice.terms.label}</a>
            {` ${notice.after}`}
          </p>
        ) : null}
      </div>
    </form>
  );
}
