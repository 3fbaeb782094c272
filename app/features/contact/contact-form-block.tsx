import { islandLoader, islandModule } from "virtual:island";
import { useId } from "react";
import { AssetImage } from "../../components/asset-image";
import { siteConfig } from "../../config";
import type { EnquiryFormCopy } from "../../content/contact";
import type { ContactFormContent, ImageAsset } from "../../content/types";
import { Island } from "../../lib/hydration";
import styles from "./contact-form-block.module.css";
import { EnquiryIsland } from "./enquiry-island";
import notificationStyles from "./enquiry-notifications.module.css";

type ContactFormBlockProps = {
  content: ContactFormContent;
  illustrations: readonly ImageAsset[];
  formCopy: EnquiryFormCopy;
};

const mailbox = `mailto:${siteConfig.supportEmail}`;

/**
 * The contact page's two columns: decorative images, then the heading, intro and form. The
 * form is an island (app/lib/hydration.tsx): the rest stays static HTML. Without JavaScript the
 * page says how else to reach us; if the island cannot start, its loader
 * (app/features/contact/island-loader.ts) shows the message kept here in a template.
 */
export function ContactFormBlock({ content, illustrations, formCopy }: ContactFormBlockProps) {
  const headingId = useId();
  const { noScript, emailInstead, startFailure, notifications } = formCopy;
  return (
    <section aria-labelledby={headingId} className={styles.block}>
      <div className={styles.inner}>
        <div className={styles.media}>
          {illustrations.map((image, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from the content file, never reordered on the page.
            <AssetImage key={index} image={image} className={styles.image} />
          ))}
        </div>
        <div className={styles.content}>
          <h2 id={headingId} className={styles.heading}>
            {content.heading}
          </h2>
          <p className={styles.intro}>{content.intro}</p>
          <noscript>
            <p className={styles.noScript}>
              {/* The editor trims its texts, so the spaces around the name and link are ours. */}
              {`${noScript.before} ${siteConfig.companyName} ${noScript.between} `}
              <a href={mailbox}>{siteConfig.supportEmail}</a>.
            </p>
          </noscript>
          <Island
            id="enquiry-form"
            module={islandModule}
            component={EnquiryIsland}
            props={{
              copy: formCopy,
              privacyNote: content.privacyNote,
              labelledBy: headingId,
              idPrefix: "enquiry",
            }}
          />
          {/* Fixed over the page like the notifications, so showing it shifts nothing. */}
          <div className={notificationStyles.region} aria-live="assertive" data-island-failure />
          <template data-island-failure-message>
            <div className={`${notificationStyles.toast} ${notificationStyles.error}`}>
              <span className={notificationStyles.title}>
                {startFailure}{" "}
                <a
                  className={styles.emailInstead}
                  href={mailbox}
                  data-subject={emailInstead.subject}
                >
                  {emailInstead.link}
                </a>
                .
              </span>
              <button type="button" className={notificationStyles.close}>
                {notifications.close}
              </button>
            </div>
          </template>
          <script
            type="module"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own loader, built from app/features/contact/island-loader.ts.
            dangerouslySetInnerHTML={{ __html: islandLoader }}
          />
        </div>
      </div>
    </section>
  );
}
