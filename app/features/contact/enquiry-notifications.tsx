import { Check, CircleAlert } from "lucide-react";
import { useEffect } from "react";
import styles from "./enquiry-notifications.module.css";

export const NOTIFICATION_DURATION_MS = 5000;

export type Notice = {
  kind: "success" | "error";
  message: string;
  /** Another way to do what failed, shown under the message. */
  link?: { label: string; href: string };
};

type EnquiryNotificationsProps = {
  copy: { regionLabel: string; close: string };
  /** A new id shows the notice afresh, restarting its time. */
  shown: (Notice & { id: number }) | null;
  onClose: () => void;
};

/** The polite live region the contact form's notices appear in, one at a time. */
export function EnquiryNotifications({ copy, shown, onClose }: EnquiryNotificationsProps) {
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(onClose, NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown, onClose]);

  const Icon = shown?.kind === "error" ? CircleAlert : Check;
  return (
    <section aria-label={copy.regionLabel} aria-live="polite" className={styles.region}>
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
          <button type="button" className={styles.close} onClick={onClose}>
            {copy.close}
          </button>
        </div>
      )}
    </section>
  );
}
