import { Check, CircleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import styles from "./enquiry-notifications.module.css";

export const NOTIFICATION_DURATION_MS = 5000;

type Notification = {
  kind: "success" | "error";
  message: string;
  closeLabel: string;
  /** Another way to do what failed, shown under the message. */
  link?: { label: string; href: string };
};
type Shown = Notification & { id: number };

// The mounted region's setter: the form calls notify() from its submit handler, outside React.
let show: (notification: Shown | null) => void = () => undefined;
let shownCount = 0;

const icons = { success: Check, error: CircleAlert };

type EnquiryNotificationsProps = {
  /** Accessible name of the live region. */
  label: string;
};

/** The polite live region the contact form's notifications appear in, one at a time. */
export function EnquiryNotifications({ label }: EnquiryNotificationsProps) {
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    show = setShown;
    return () => {
      show = () => undefined;
    };
  }, []);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const Icon = shown ? icons[shown.kind] : null;
  return (
    <section aria-label={label} aria-live="polite" className={styles.region}>
      {shown && Icon && (
        <div
          key={shown.id}
          data-notification
          data-type={shown.kind}
          className={`${styles.toast} ${styles[shown.kind]}`}
        >
          <Icon className={styles.icon} size={20} strokeWidth={2.5} aria-hidden="true" />
          <span className={styles.title}>
            <span>{shown.message}</span>
            {shown.link ? (
              <a className={styles.link} href={shown.link.href}>
                {shown.link.label}
              </a>
            ) : null}
          </span>
          <button type="button" className={styles.close} onClick={() => setShown(null)}>
            {shown.closeLabel}
          </button>
        </div>
      )}
    </section>
  );
}

/** Shows one notification, replacing any that is still open (and restarting the 5 s). */
export function notify(notification: Notification) {
  shownCount += 1;
  show({ ...notification, id: shownCount });
}
