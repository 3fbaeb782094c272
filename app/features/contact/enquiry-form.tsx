import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { type FieldError, useForm } from "react-hook-form";
import type { EnquiryFormCopy } from "../../content/contact";
import styles from "./enquiry-form.module.css";
import { notify } from "./enquiry-notifications";
import {
  type EnquiryFormInput,
  type EnquiryFormValues,
  enquiryFormSchema,
  enquiryTypes,
} from "./enquiry-schema";
import { type BotCheck, siteBotCheck } from "./recaptcha";
import { sendEnquiry } from "./send-enquiry";

const EMPTY: EnquiryFormInput = { name: "", phone: "", email: "", enquiry: "", message: "" };

type EnquiryFormProps = {
  copy: EnquiryFormCopy;
  /** The privacy sentence shown above the submit button. */
  privacyNote: string;
  /** Id of the heading that names the form. */
  labelledBy: string;
  botCheck?: BotCheck;
};

export function EnquiryForm({
  copy,
  privacyNote,
  labelledBy,
  botCheck = siteBotCheck,
}: EnquiryFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { isValid, isSubmitting, isSubmitted, errors, touchedFields },
  } = useForm<EnquiryFormInput, unknown, EnquiryFormValues>({
    resolver: zodResolver(enquiryFormSchema),
    mode: "onTouched",
    defaultValues: EMPTY,
  });

  useEffect(() => {
    botCheck.prepare();
  }, [botCheck]);

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
      notify({ kind: "error", message: notifications.error, closeLabel: notifications.close });
      setRefocus("submit");
      return;
    }
    // Not sent and no error: the values were invalid, and the fields now show why.
    if (!outcome.sent) return;
    // Reset only after handleSubmit has finished, or it would mark the fresh form submitted.
    reset(EMPTY);
    notify({ kind: "success", message: notifications.success, closeLabel: notifications.close });
    setRefocus("form");
  }

  /** The spec's rule: an invalid field shows its error once touched or after a submit. */
  function shownError(name: keyof EnquiryFormInput): FieldError | undefined {
    const error = errors[name];
    return error && (touchedFields[name] || isSubmitted) ? error : undefined;
  }

  function fieldProps(name: keyof EnquiryFormInput) {
    const error = shownError(name);
    const errorId = `${ids}-${name}-error`;
    return {
      id: `${ids}-${name}`,
      required: true,
      "aria-invalid": error ? ("true" as const) : undefined,
      "aria-describedby": error ? errorId : undefined,
      ...register(name),
    };
  }

  function errorFor(name: keyof EnquiryFormInput): ReactNode {
    const error = shownError(name);
    if (!error) return null;
    return (
      <p id={`${ids}-${name}-error`} className={styles.error}>
        {error.message}
      </p>
    );
  }

  const { labels, placeholders, botCheckNotice: notice } = copy;
  return (
    <form
      ref={formRef}
      className={styles.form}
      aria-labelledby={labelledBy}
      aria-busy={isSubmitting}
      noValidate
      tabIndex={-1}
      onSubmit={onSubmit}
    >
      <p className={styles.requiredNote}>{copy.requiredNote}</p>

      <div className={styles.field}>
        <label htmlFor={`${ids}-name`}>{labels.name}</label>
        <input
          {...fieldProps("name")}
          type="text"
          autoComplete="name"
          placeholder={placeholders.name}
        />
        {errorFor("name")}
      </div>

      <div className={styles.field}>
        <label htmlFor={`${ids}-phone`}>{labels.phone}</label>
        <input
          {...fieldProps("phone")}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder={placeholders.phone}
        />
        {errorFor("phone")}
      </div>

      <div className={styles.field}>
        <label htmlFor={`${ids}-email`}>{labels.email}</label>
        <input
          {...fieldProps("email")}
          type="email"
          autoComplete="email"
          spellCheck={false}
          placeholder={placeholders.email}
        />
        {errorFor("email")}
      </div>

      <div className={styles.field}>
        <label htmlFor={`${ids}-enquiry`}>{labels.enquiry}</label>
        <select {...fieldProps("enquiry")}>
          <option value="" disabled>
            {copy.enquiryPrompt}
          </option>
          {enquiryTypes.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </select>
        {errorFor("enquiry")}
      </div>

      <div className={styles.field}>
        <label htmlFor={`${ids}-message`}>{labels.message}</label>
        <textarea
          {...fieldProps("message")}
          rows={6}
          className={styles.message}
          placeholder={placeholders.message}
        />
        {errorFor("message")}
      </div>

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
            {notice.before}
            <a href={notice.privacy.href}>{notice.privacy.label}</a>
            {notice.between}
            <a href={notice.terms.href}>{notice.terms.label}</a>
            {notice.after}
          </p>
        ) : null}
      </div>
    </form>
  );
}
