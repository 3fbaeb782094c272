import { retentionStatement } from "../../contract/retention";
import privacyStatement from "../assets/illustrations/privacy-statement.svg";
import { siteConfig } from "../config";
import type { HeroContent, LegalDocumentContent } from "./types";

const { companyName, supportEmail, enquiryRetentionDays } = siteConfig;

const hero: HeroContent = {
  label: "Legal",
  heading: "Privacy statement",
  subheading: "How we handle your personal information.",
  paragraph:
    "We respect your privacy. This statement explains what personal information we collect through this website, why we collect it and how we protect it.",
  illustration: { src: privacyStatement, alt: "", width: 480, height: 360 },
};

const legalText: LegalDocumentContent = {
  contentsLabel: "On this page",
  introduction: [
    `This statement applies to the website of ${companyName}. We process personal information in line with South Africa's Protection of Personal Information Act, 2013 (POPIA).`,
  ],
  sections: [
    {
      id: "collection",
      heading: "Collection of personal information",
      blocks: [
        "We collect personal information only when you give it to us, for example when you send an enquiry or request a demo through our contact form. The form asks for:",
        {
          list: [
            "your name",
            "your phone number",
            "your email address",
            "the type of enquiry and your message",
          ],
        },
        "Like any website, ours also receives the technical details your browser sends with each request, such as your IP address and browser type. We use them only to run the website and keep it secure.",
      ],
    },
    {
      id: "use",
      heading: "Use of personal information",
      blocks: [
        "We use your personal information only to provide the products and services you ask for: to answer your enquiry, arrange a demo or deal with a support request.",
        "We do not sell your personal information. We share it only with service providers who help us run this website and answer you, such as the bot-check service that protects our contact form, or where the law requires us to.",
        "We may pass your enquiry to our own customer-management system, so that the team who answers it can keep track of it; it stays under our control there, and this statement applies to it.",
        "Under POPIA you may ask us what personal information we hold about you, ask us to correct or delete it, and object to its processing. You may also lodge a complaint with the Information Regulator.",
      ],
    },
    {
      id: "cookies",
      heading: "Use of cookies",
      blocks: [
        "A cookie is a small text file that a website stores in your browser. We use as few as we can:",
        {
          list: [
            "Our contact form is protected by an invisible bot-check service from a third-party provider (Google reCAPTCHA), which tells people apart from automated programs. The provider sets its own cookies and collects information about your device and how you use the page; its own privacy policy and terms apply to that information.",
            "A security cookie protects the contact form against forged requests from other websites. It holds no personal information.",
          ],
        },
        "You can set your browser to refuse cookies, but the contact form may then not work.",
      ],
    },
    {
      id: "security",
      heading: "Security of personal information",
      blocks: [
        "We take reasonable technical and organisational measures to protect your personal information against loss, misuse and unauthorised access, disclosure, change or destruction, and we keep it only as long as we need it for the purpose it was collected for, or as the law requires.",
        // The server checks at startup that the built page says this for its own setting.
        retentionStatement(enquiryRetentionDays),
        "No way of sending or storing information over the internet is completely secure, so we cannot guarantee absolute security.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this statement",
      blocks: [
        "We may update this statement from time to time, for example when the law or our services change. The current version is always published on this page.",
      ],
    },
    {
      id: "contact",
      heading: "Contact information",
      blocks: [
        "If you have a question about this statement, or want to see, correct or delete the personal information we hold about you, please contact us.",
        { text: "Email us at", email: supportEmail },
      ],
    },
  ],
};

export const privacyPage = { hero, legalText } as const;
