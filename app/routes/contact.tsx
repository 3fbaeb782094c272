import { Hero } from "../components/blocks/hero";
import {
  contactFormBlock,
  contactHero,
  contactIllustrations,
  enquiryFormCopy,
} from "../content/contact";
import { ContactFormBlock } from "../features/contact/contact-form-block";
import { EnquiryNotifications } from "../features/contact/enquiry-notifications";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => pageMeta("contact");

export default function ContactPage() {
  return (
    <>
      <Hero content={contactHero} />
      <ContactFormBlock
        content={contactFormBlock}
        illustrations={contactIllustrations}
        formCopy={enquiryFormCopy}
      />
      <EnquiryNotifications label={enquiryFormCopy.notifications.regionLabel} />
    </>
  );
}
