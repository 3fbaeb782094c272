import { Hero } from "../components/blocks/hero";
import {
  contactFormBlock,
  contactHero,
  contactIllustrations,
  enquiryFormCopy,
} from "../content/contact";
import { ContactFormBlock } from "../features/contact/contact-form-block";
import { EnquiryNotifications } from "../features/contact/enquiry-notifications";
import { hydrateHandle } from "../lib/hydration";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => pageMeta("contact");

// The one page that starts the app in the browser: the enquiry form needs it.
export const handle = hydrateHandle;

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
