import { Hero } from "../components/blocks/hero";
import {
  contactFormBlock,
  contactHero,
  contactIllustrations,
  enquiryFormCopy,
} from "../content/contact";
import { pageOfRoute } from "../content/page-list";
import { ContactFormBlock } from "../features/contact/contact-form-block";
import { pageMeta } from "../lib/page-meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(pageOfRoute("contact", matches));

// The one page with JavaScript: its enquiry form is an island (app/lib/hydration.tsx).
export default function ContactPage() {
  return (
    <>
      <Hero content={contactHero} />
      <ContactFormBlock
        content={contactFormBlock}
        illustrations={contactIllustrations}
        formCopy={enquiryFormCopy}
      />
    </>
  );
}
