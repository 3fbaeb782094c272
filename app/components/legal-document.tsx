import type { LegalBlock, LegalDocumentContent } from "../content/types";
import styles from "./legal-document.module.css";

type LegalDocumentProps = {
  content: LegalDocumentContent;
};

/** Long-form legal text: a contents list, then one section per heading. */
export function LegalDocument({ content }: LegalDocumentProps) {
  return (
    <div className={styles.document}>
      <nav aria-labelledby="legal-contents" className={styles.contents}>
        <h2 id="legal-contents" className={styles.contentsHeading}>
          {content.contentsLabel}
        </h2>
        <ol className={styles.contentsList}>
          {content.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.body}>
        {content.introduction.map((paragraph) => (
          <p key={paragraph} className={styles.introduction}>
            {paragraph}
          </p>
        ))}
        {content.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id} className={styles.section}>
            <h2 id={section.id} className={styles.heading}>
              {section.heading}
            </h2>
            {section.blocks.map((block) => (
              <LegalBlockView key={blockKey(block)} block={block} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

function LegalBlockView({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p>{block}</p>;
  if ("list" in block) {
    return (
      <ul className={styles.list}>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  return (
    <p>
      {block.text} <a href={`mailto:${block.email}`}>{block.email}</a>.
    </p>
  );
}

function blockKey(block: LegalBlock): string {
  if (typeof block === "string") return block;
  if ("list" in block) return block.list.join("|");
  return block.text;
}
