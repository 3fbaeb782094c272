import { type TapSource, tapPath } from "../../../contract/contact-taps";
import type { CompanyFile } from "../../content/company-schema";
import styles from "./contact-details.module.css";

type ContactDetailsProps = {
  company: CompanyFile;
  /** Where the details are shown: counted with each tap. */
  source: TapSource;
  /** The footer's dark band. */
  onDark?: boolean;
  /** In the contact page's banner: its details side by side, so they fit in the first screen. */
  inBanner?: boolean;
  headingLevel?: 2 | 3;
};

/** Whether the company has given any detail a visitor can reach it by. */
export const hasContactDetails = (company: CompanyFile) =>
  Boolean(company.phone || company.whatsapp || company.address || company.officeHours?.length);

// The company's phone, WhatsApp, address and office hours; a detail left empty is not shown, and
// with none the block is not there at all. Phone and WhatsApp go through our own redirect, which
// counts the tap.
export function ContactDetails({
  company,
  source,
  onDark,
  inBanner,
  headingLevel = 2,
}: ContactDetailsProps) {
  if (!hasContactDetails(company)) return null;
  const { labels, phone, whatsapp, address, officeHours } = company;
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-labelledby={`contact-details-${source}`}
      className={`${styles.details} ${onDark ? styles.onDark : ""} ${inBanner ? styles.inBanner : ""}`}
    >
      <Heading id={`contact-details-${source}`} className={styles.heading}>
        {labels.heading}
      </Heading>
      <dl className={styles.list}>
        {phone && (
          <div>
            <dt>{labels.phone}</dt>
            <dd>
              <a href={tapPath("phone", source)} className={styles.link}>
                {phone}
              </a>
            </dd>
          </div>
        )}
        {whatsapp && (
          <div>
            <dt>{labels.whatsapp}</dt>
            <dd>
              <a href={tapPath("whatsapp", source)} className={styles.link}>
                {whatsapp.number}
              </a>
            </dd>
          </div>
        )}
        {address && (
          <div>
            <dt>{labels.address}</dt>
            <dd>
              <address className={styles.address}>
                {address.street}
                <br />
                {address.town}, {address.postalCode}
                <br />
                {address.province}
              </address>
            </dd>
          </div>
        )}
        {officeHours?.length ? (
          <div>
            <dt>{labels.officeHours}</dt>
            <dd>
              {officeHours.map((line) => (
                <span key={line} className={styles.line}>
                  {line}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
