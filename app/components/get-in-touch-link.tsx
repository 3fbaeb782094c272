import { ArrowRight } from "lucide-react";
import type { SiteShellFile } from "../content/schemas";
import styles from "./get-in-touch-link.module.css";

/** The call to action every page carries (requirements §1): its words and where it leads. */
export type GetInTouch = SiteShellFile["getInTouch"] & { href: string };

type GetInTouchLinkProps = {
  getInTouch: GetInTouch;
  /** What this link is about, read to screen readers: it tells a page's links apart. */
  topic?: string;
  /** On the dark hero banner, where the filled button would not stand out. */
  onDark?: boolean;
};

export function GetInTouchLink({ getInTouch, topic, onDark }: GetInTouchLinkProps) {
  const about = topic && getInTouch.about.replaceAll("{topic}", topic);
  return (
    <a
      href={getInTouch.href}
      className={`${styles.link} ${onDark ? styles.onDark : styles.onLight}`}
    >
      {getInTouch.label}
      {about && " "}
      {about && <span className="visually-hidden">{about}</span>}
      <ArrowRight aria-hidden="true" size={18} className={styles.arrow} />
    </a>
  );
}
