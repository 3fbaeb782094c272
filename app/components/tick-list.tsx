import { CircleCheck } from "lucide-react";
import styles from "./tick-list.module.css";

/** A list whose points each start with a tick: a feature row's bullet points, a product's claims. */
export function TickList({ points, className }: { points: string[]; className?: string }) {
  return (
    <ul className={className ? `${styles.list} ${className}` : styles.list}>
      {points.map((point) => (
        <li key={point} className={styles.point}>
          <CircleCheck aria-hidden="true" size={20} className={styles.tick} />
          <span>{point}</span>
        </li>
      ))}
    </ul>
  );
}
