// Types alone: the editor's preview draws this too, and a value from the schemas would bring zod,
// whose start-up probe of Function() the editor's policy refuses.
import type { Asker, FaqPageFile, FaqQuestion } from "../../content/schemas";
import styles from "./faq-list.module.css";

/** The questions that name a product, for that product's page. */
export const questionsAbout = (questions: readonly FaqQuestion[], product: string) =>
  questions.filter((question) => question.products?.includes(product));

// Each answer opens without JavaScript (<details>). Its anchor is on the answer, inside the
// details: a link to /faq#anchor opens it, as browsers reveal a fragment's target hidden in a
// closed <details>; the question stays in view above it (scroll-margin).
export function FaqItem({ question }: { question: FaqQuestion }) {
  return (
    <details className={styles.item}>
      <summary className={styles.question}>{question.question}</summary>
      <div id={question.id} className={styles.answer}>
        {question.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </details>
  );
}

/** /faq's questions under their askers' headings; a group with no question is left out. */
export function FaqGroups({
  content,
}: {
  content: Pick<FaqPageFile, "groupHeadings" | "questions">;
}) {
  // The headings come in the schema's order of askers.
  const groups = (Object.keys(content.groupHeadings) as Asker[])
    .map((asker) => ({
      asker,
      questions: content.questions.filter((question) => question.askedBy === asker),
    }))
    .filter((group) => group.questions.length > 0);
  return (
    <div className={styles.block}>
      <div className={styles.inner}>
        {groups.map(({ asker, questions }) => (
          <section key={asker} aria-labelledby={`asked-by-${asker}`} className={styles.group}>
            <h2 id={`asked-by-${asker}`} className={styles.heading}>
              {content.groupHeadings[asker]}
            </h2>
            {questions.map((question) => (
              <FaqItem key={question.id} question={question} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

/**
 * A product page's own questions, under a heading of that page's words; nothing when no question
 * names the product. Each answer keeps its anchor, the same as on /faq.
 */
export function ProductQuestions(props: {
  heading: string;
  questions: readonly FaqQuestion[];
  product: string;
}) {
  const questions = questionsAbout(props.questions, props.product);
  if (questions.length === 0) return null;
  return (
    <div className={`${styles.block} ${styles.onProduct}`}>
      <section aria-labelledby="product-questions" className={styles.inner}>
        <h2 id="product-questions" className={styles.heading}>
          {props.heading}
        </h2>
        {questions.map((question) => (
          <FaqItem key={question.id} question={question} />
        ))}
      </section>
    </div>
  );
}
