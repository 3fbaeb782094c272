import { ArrowRight } from "lucide-react";
import { getInTouch } from "../content/get-in-touch";
import { sitePage } from "../content/pages";
import styles from "./get-in-touch-link.module.css";

type GetInTouchLinkProps = {
  /** What this link is about; pages with several of these links need it to tell them apart. */
  topic?: string;
  /** "onDark" for the dark hero banner, where the filled button would not stand out. */
  tone?: "onLight" | "onDark";
};

export function GetInTouchLink({ topic, tone = "onLight" }: GetInTouchLinkProps) {
  return (
    <a
      href={sitePage("contact").path}
      className={`${styles.link} ${tone === "onDark" ? styles.onDark : styles.onLight}`}
    >
      {getInTouch.label}
      {topic ? (
        <>
          {" "}
          <span className="visually-hidden">{getInTouch.about(topic)}</span>
        </>
      ) : null}
      <ArrowRight aria-hidden="true" size={18} className={styles.arrow} />
    </a>
  );
}
