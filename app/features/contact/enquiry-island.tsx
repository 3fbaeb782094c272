import { Check, CircleAlert } from "lucide-react";
import { useEffect, useReducer, useState } from "react";
import { EnquiryForm, type EnquiryFormProps, type Notice } from "./enquiry-form";
import styles from "./enquiry-notifications.module.css";

export const NOTIFICATION_DURATION_MS = 5000;

type Shown = Notice & { id: number };

// The contact page's one island, hydrated by client:first-use (first-use.ts): the enquiry form,
// and the polite live region where its notices appear, one at a time.
export function EnquiryIsland(props: Omit<EnquiryFormProps, "notify">) {
  // Each notice replaces the last with a new id, so even a repeated one is announced again.
  const [shown, notify] = useReducer(
    (last: Shown | null, notice: Notice | null) => notice && { ...notice, id: (last?.id ?? 0) + 1 },
    null,
  );
  // While the pointer or keyboard focus is on the notice its time stands still, so its link can
  // be used (WCAG 2.2.1); once both leave, it has its full time again. Each holds a notice's id,
  // so a notice that replaces a held one has its own time.
  const [pointerOn, setPointerOn] = useState<number>();
  const [focusOn, setFocusOn] = useState<number>();
  const held = shown !== null && (pointerOn === shown.id || focusOn === shown.id);
  useEffect(() => {
    if (!shown || held) return;
    const timer = setTimeout(() => notify(null), NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown, held]);

  const { regionLabel, close: closeLabel } = props.copy.notifications;
  const Icon = shown?.kind === "error" ? CircleAlert : Check;
  return (
    <>
      <EnquiryForm {...props} notify={notify} />
      <section
        aria-label={regionLabel}
        aria-live="polite"
        className={styles.region}
        onPointerEnter={() => setPointerOn(shown?.id)}
        onPointerLeave={() => setPointerOn(undefined)}
        onFocus={() => setFocusOn(shown?.id)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocusOn(undefined);
        }}
      >
        {shown && (
          <div
            key={shown.id}
            data-notification
            data-type={shown.kind}
            className={`${styles.toast} ${styles[shown.kind]}`}
          >
            <Icon className={styles.icon} size={20} strokeWidth={2.5} aria-hidden="true" />
            <span className={styles.title}>
              <span>{shown.message}</span>
              {shown.link && (
                <a className={styles.link} href={shown.link.href}>
                  {shown.link.label}
                </a>
              )}
            </span>
            <button type="button" className={styles.close} onClick={() => notify(null)}>
              {closeLabel}
            </button>
          </div>
        )}
      </section>
    </>
  );
}
