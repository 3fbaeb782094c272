import { logoMark } from "../lib/logo-mark";
import styles from "./logo.module.css";

/** The company mark (a water drop holding a meter dial) and name. */
export function Logo({ name, tone = "dark" }: { name: string; tone?: "dark" | "light" }) {
  return (
    <span className={`${styles.logo} ${tone === "light" ? styles.light : ""}`}>
      <svg
        className={styles.mark}
        viewBox={logoMark.viewBox}
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <path d={logoMark.drop} fill="currentColor" />
        <circle
          {...logoMark.dial}
          fill="none"
          stroke="var(--logo-dial)"
          strokeWidth={logoMark.strokeWidth}
        />
        <path
          d={logoMark.needle}
          stroke="var(--logo-dial)"
          strokeWidth={logoMark.strokeWidth}
          strokeLinecap="round"
        />
      </svg>
      <span className={styles.name}>{name}</span>
    </span>
  );
}
