import type { CSSProperties } from "react";
import { Toaster, toast } from "sonner";
// Sonner also injects these rules from JavaScript, which a strict style-src policy blocks;
// shipping them as a stylesheet keeps the notifications laid out either way.
import "sonner/dist/styles.css";
import styles from "./enquiry-notifications.module.css";

export const NOTIFICATION_DURATION_MS = 5000;

/** Clears the fixed header with a little room. */
const BELOW_HEADER = { top: "calc(var(--header-height) + var(--space-4))" };
/** Wide enough for either message on one line beside Close. */
const TOAST_WIDTH = { "--width": "26rem" } as CSSProperties;

type EnquiryNotificationsProps = {
  /** Accessible name of the live region. */
  label: string;
};

/** The live region the contact form's notifications appear in; sonner marks it aria-live. */
export function EnquiryNotifications({ label }: EnquiryNotificationsProps) {
  return (
    <Toaster
      position="top-center"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      duration={NOTIFICATION_DURATION_MS}
      visibleToasts={1}
      style={TOAST_WIDTH}
      containerAriaLabel={label}
      toastOptions={{
        unstyled: true,
        classNames: {
          toast: styles.toast,
          success: styles.success,
          error: styles.error,
          icon: styles.icon,
          title: styles.title,
          actionButton: styles.close,
        },
      }}
    />
  );
}

type Notification = { kind: "success" | "error"; message: string; closeLabel: string };

/** Shows one notification, replacing any that is still open. */
export function notify({ kind, message, closeLabel }: Notification) {
  toast.dismiss();
  toast[kind](message, {
    duration: NOTIFICATION_DURATION_MS,
    // Sonner closes the toast after an action runs, so Close needs no handler of its own.
    action: { label: closeLabel, onClick: () => undefined },
  });
}
