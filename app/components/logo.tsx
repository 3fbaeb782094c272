import { siteConfig } from "../config";
import styles from "./logo.module.css";

/** The company mark (a water drop holding a meter dial) and name. */
export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <span className={`${styles.logo} ${tone === "light" ? styles.light : ""}`}>
      <svg
        className={styles.mark}
        viewBox="0 0 32 32"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M16 2.5c-.6 0-1.1.3-1.4.8C11.2 8.7 6 15.2 6 20a10 10 0 0 0 20 0c0-4.8-5.2-11.3-8.6-16.7-.3-.5-.8-.8-1.4-.8Z"
          fill="currentColor"
        />
        <circle
          cx="16"
          cy="20"
          r="6"
          fill="none"
          stroke="var(--logo-dial, #fff)"
          strokeWidth="1.8"
        />
        <path
          d="M16 20l3.2-3.2"
          stroke="var(--logo-dial, #fff)"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      <span className={styles.name}>{siteConfig.companyName}</span>
    </span>
  );
}
