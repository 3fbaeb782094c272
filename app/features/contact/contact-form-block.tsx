import { useId } from "react";
import { AssetImage } from "../../components/asset-image";
import type { EnquiryFormCopy } from "../../content/contact";
import type { ContactFormContent, ImageAsset } from "../../content/types";
import styles from "./contact-form-block.module.css";
import { EnquiryForm } from "./enquiry-form";

type ContactFormBlockProps = {
  content: ContactFormContent;
  illustrations: readonly ImageAsset[];
  formCopy: EnquiryFormCopy;
};

/** The contact page's two columns: decorative images, then the heading, intro and form. */
export function ContactFormBlock({ content, illustrations, formCopy }: ContactFormBlockProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.block}>
      <div className={styles.inner}>
        <div className={styles.media}>
          {illustrations.map((image) => (
            <AssetImage key={image.src} image={image} className={styles.image} />
          ))}
        </div>
        <div className={styles.content}>
          <h2 id={headingId} className={styles.heading}>
            {content.heading}
          </h2>
          <p className={styles.intro}>{content.intro}</p>
          <EnquiryForm copy={formCopy} privacyNote={content.privacyNote} labelledBy={headingId} />
        </div>
      </div>
    </section>
  );
}
