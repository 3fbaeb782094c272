import contactDashboard from "../assets/illustrations/contact-dashboard.svg?no-inline";
import heroIcon from "../assets/illustrations/contact-hero.svg?no-inline";
import contactMeter from "../assets/illustrations/contact-meter.svg?no-inline";
import type { ContactFormContent, HeroContent, ImageAsset } from "./types";

// Images are served as files (?no-inline), not data: URLs, so a strict img-src policy holds.

export const contactHero: HeroContent = {
  label: "Contact us",
  heading: "Request a demo",
  subheading: "See smart water management at work on your property",
  paragraph:
    "Tell us about your home, building or network. We will show you real-time reports, leak alerts and remote valve control, and answer your questions.",
  illustration: { src: heroIcon, alt: "", width: 480, height: 400 },
};

export const contactFormBlock: ContactFormContent = {
  heading: "Request a Demo",
  intro:
    "Send us a few details and one of our team will contact you to arrange a demonstration or answer your enquiry.",
  privacyNote:
    "We use your personal information only to provide the products and services you request.",
};

/** Decorative line art beside the form on wide screens; hidden below the breakpoint. */
export const contactIllustrations: readonly ImageAsset[] = [
  { src: contactMeter, alt: "", width: 400, height: 320 },
  { src: contactDashboard, alt: "", width: 400, height: 320 },
];

export type EnquiryFormCopy = {
  requiredNote: string;
  labels: { name: string; phone: string; email: string; enquiry: string; message: string };
  placeholders: { name: string; phone: string; email: string; message: string };
  /** The select's unselected first option. */
  enquiryPrompt: string;
  submit: { idle: string; busy: string };
  /** Google's required wording when its badge is hidden: before, link, between, link, after. */
  botCheckNotice: {
    before: string;
    privacy: { label: string; href: string };
    between: string;
    terms: { label: string; href: string };
    after: string;
  };
  notifications: { success: string; error: string; close: string; regionLabel: string };
  /** Shown beside the form only when JavaScript is off: before the company name, then before the mailbox. */
  noScript: { before: string; between: string };
  /** Announced when the form's script cannot load or start; what was typed stays in the form. */
  startFailure: string;
  /** The way round a form that cannot send: a mailto link carrying what was typed. */
  emailInstead: { link: string; subject: string };
};

export const enquiryFormCopy: EnquiryFormCopy = {
  requiredNote: "All fields are required.",
  labels: {
    name: "Name",
    phone: "Phone number",
    email: "Email address",
    enquiry: "Enquiry type",
    message: "Message",
  },
  placeholders: {
    name: "John Doe",
    phone: "0123456789",
    email: "name@example.co.za",
    message: "Your Message",
  },
  enquiryPrompt: "Choose an enquiry type",
  submit: { idle: "Send enquiry", busy: "Sending…" },
  botCheckNotice: {
    before: "This site is protected by reCAPTCHA and the Google ",
    privacy: { label: "Privacy Policy", href: "https://policies.google.com/privacy" },
    between: " and ",
    terms: { label: "Terms of Service", href: "https://policies.google.com/terms" },
    after: " apply.",
  },
  notifications: {
    success: "Email sent successfully",
    error: "An error occurred sending email",
    close: "Close",
    regionLabel: "Notifications",
  },
  noScript: {
    before:
      "This form needs JavaScript to send your enquiry, and it is off in this browser. You can reach ",
    between: " by email instead, at ",
  },
  startFailure:
    "The form could not start, so it cannot send yet. What you typed is kept: use the form again to retry, or",
  emailInstead: { link: "send this by email instead", subject: "Enquiry from the website" },
};
