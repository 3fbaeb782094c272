import type { LegalBlockFile, LegalPageFile } from "../content/schemas";
import styles from "./legal-document.module.css";

/** The company's POPIA Information Officer (company.yaml), with the words around them. */
export type InformationOfficer = { heading: string; intro: string; name: string; address: string };

type LegalDocumentProps = {
  content: Pick<LegalPageFile, "contentsLabel" | "introduction" | "sections">;
  /** Where an "email" block's sentence points; unset, it points at the contact page. */
  supportEmail?: string;
  /** The contact page. */
  contactHref: string;
  /** The privacy statement's last section, when the company has named one. */
  informationOfficer?: InformationOfficer;
};

const officerAnchor = "information-officer";

/** Long-form legal text: a contents list, then one section per heading. */
export function LegalDocument({
  content,
  supportEmail,
  contactHref,
  informationOfficer,
}: LegalDocumentProps) {
  const reach = { supportEmail, contactHref, officer: informationOfficer?.heading };
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
          {informationOfficer && (
            <li>
              <a href={`#${officerAnchor}`}>{informationOfficer.heading}</a>
            </li>
          )}
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
            {section.blocks.map((block, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from the content file, never reordered on the page.
              <LegalBlock key={index} block={block} reach={reach} />
            ))}
          </section>
        ))}
        {informationOfficer && (
          <section aria-labelledby={officerAnchor} className={styles.section}>
            <h2 id={officerAnchor} className={styles.heading}>
              {informationOfficer.heading}
            </h2>
            <p>{informationOfficer.intro}</p>
            <address className={styles.address}>
              {informationOfficer.name}
              {informationOfficer.address.split("\n").map((line) => (
                <span key={line}>
                  <br />
                  {line}
                </span>
              ))}
            </address>
          </section>
        )}
      </div>
    </div>
  );
}

type Reach = { supportEmail?: string; contactHref: string; officer?: string };

function LegalBlock({ block, reach }: { block: LegalBlockFile; reach: Reach }) {
  switch (block.type) {
    case "paragraph":
      return <p>{block.text}</p>;
    case "list":
      return (
        <ul className={styles.list}>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "email": {
      const { supportEmail, contactHref, officer } = reach;
      if (supportEmail) {
        return (
          <p>
            {block.text} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
        );
      }
      // No address is set: never a stand-in, but the contact page, and the officer if named.
      return (
        <p>
          <a href={contactHref}>{block.withoutAddress}</a>
          {officer && block.orOfficer && (
            <>
              {` ${block.orOfficer} `}
              <a href={`#${officerAnchor}`}>{officer}</a>
            </>
          )}
          .
        </p>
      );
    }
  }
}
