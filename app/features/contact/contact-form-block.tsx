import type { ReactNode } from "react";
import { Picture } from "../../components/picture";
import type { CompanyFile } from "../../content/company-schema";
import type { ContactPageFile } from "../../content/schemas";
import styles from "./contact-form-block.module.css";
import type { CompanyReach } from "./enquiry-form";
import notificationStyles from "./enquiry-notifications.module.css";

type ContactFormBlockProps = {
  content: ContactPageFile;
  companyName: string;
  /** Unset: the page offers no email route. */
  supportEmail?: string;
  /** The enquiry form, the page's island. */
  children: ReactNode;
};

/** What the form offers of the company's contacts: only what the company has set. */
export function companyReach({ labels, phone, whatsapp, replyPromise }: CompanyFile): CompanyReach {
  return {
    ...(phone && { phone: { label: labels.phone, number: phone } }),
    ...(whatsapp && { whatsapp: { label: labels.whatsapp, number: whatsapp.number } }),
    ...(replyPromise && { replyPromise }),
  };
}

/** The heading the form is named by. */
export const FORM_HEADING_ID = "request-a-demo";

// The contact page's two columns: decorative pictures, then the heading, intro and the form.
// Without JavaScript the page says how else to reach us; if the form's island cannot start,
// its loader (first-use.ts) shows the message kept here in a template.
export function ContactFormBlock({
  content,
  companyName,
  supportEmail,
  children,
}: ContactFormBlockProps) {
  const { noScript, emailInstead, startFailure, notifications, withoutAddress } =
    content.enquiryForm;
  const mailbox = `mailto:${supportEmail}`;
  return (
    <section aria-labelledby={FORM_HEADING_ID} className={styles.block}>
      <div className={styles.inner}>
        <div className={styles.media}>
          {content.illustrations.map((image, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from the content file, never reordered on the page.
            <Picture key={index} name={image.picture} alt={image.alt} className={styles.image} />
          ))}
        </div>
        <div className={styles.content}>
          <h2 id={FORM_HEADING_ID} className={styles.heading}>
            {content.formBlock.heading}
          </h2>
          <p className={styles.intro}>{content.formBlock.intro}</p>
          <noscript>
            <p className={styles.noScript}>
              {supportEmail ? (
                <>
                  {/* The editor trims its texts, so the spaces around the name and link are ours. */}
                  {`${noScript.before} ${companyName} ${noScript.between} `}
                  <a href={mailbox}>{supportEmail}</a>.
                </>
              ) : (
                withoutAddress.noScript
              )}
            </p>
          </noscript>
          {children}
          {/* Fixed over the page like the notifications, so showing it shifts nothing. */}
          <div className={notificationStyles.region} aria-live="assertive" data-island-failure />
          <template data-island-failure-message>
            <div className={`${notificationStyles.toast} ${notificationStyles.error}`}>
              <span className={notificationStyles.title}>
                {supportEmail ? (
                  <>
                    {startFailure}{" "}
                    <a
                      className={styles.emailInstead}
                      href={mailbox}
                      data-subject={emailInstead.subject}
                    >
                      {emailInstead.link}
                    </a>
                    .
                  </>
                ) : (
                  withoutAddress.startFailure
                )}
              </span>
              <button type="button" className={notificationStyles.close}>
                {notifications.close}
              </button>
            </div>
          </template>
        </div>
      </div>
    </section>
  );
}
