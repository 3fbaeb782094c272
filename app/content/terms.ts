import termsOfUse from "../assets/illustrations/terms-of-use.svg";
import { siteConfig } from "../config";
import type { HeroContent, LegalDocumentContent } from "./types";

const { companyName, supportEmail } = siteConfig;

/** The notice year requirements §10 fixes for these terms. */
const COPYRIGHT_YEAR = 2015;

const hero: HeroContent = {
  label: "Legal",
  heading: "Terms of use",
  subheading: "The terms that apply when you use this website.",
  paragraph:
    "By using this website you agree to these terms. Please read them carefully; if you do not agree with them, please do not use the website.",
  illustration: { src: termsOfUse, alt: "", width: 480, height: 360 },
};

const legalText: LegalDocumentContent = {
  contentsLabel: "On this page",
  introduction: [
    `These terms apply to the website of ${companyName} and to everything published on it. “We”, “us” and “our” mean ${companyName}; “you” means anyone who uses the website.`,
  ],
  sections: [
    {
      id: "modification",
      heading: "Changes to these terms and the website",
      blocks: [
        "We may change these terms, and the content and services of this website, at any time and without notice. The version published here applies each time you use the website.",
      ],
    },
    {
      id: "third-party-links",
      heading: "Links to third-party websites",
      blocks: [
        "This website may link to websites run by others. We have no control over those websites and are not responsible for their content, their privacy practices or whether they are available. A link does not mean that we endorse the website or its owner, and you use linked websites at your own risk.",
      ],
    },
    {
      id: "unlawful-use",
      heading: "No unlawful or prohibited use",
      blocks: [
        "You may use this website only for lawful purposes and in line with these terms. You may not use it in any way that could damage, disable, overload or impair it, interfere with anyone else's use of it, or try to gain unauthorised access to any system or information through it.",
      ],
    },
    {
      id: "communication-services",
      heading: "Use of communication services",
      blocks: [
        "Where the website lets you contact us, such as through the contact form, you agree to send only messages that are proper and related to our products and services. In particular, you agree not to:",
        {
          list: [
            "send spam, chain letters or other unsolicited messages",
            "harass, threaten or abuse anyone, or infringe their rights, including their privacy",
            "send material that is unlawful, defamatory, obscene or offensive",
            "send files that contain viruses or other harmful software",
            "pretend to be someone else or give false contact details",
          ],
        },
        "We may remove any message, and refuse further messages from its sender, at our discretion.",
      ],
    },
    {
      id: "submissions",
      heading: "Submissions",
      blocks: [
        "Apart from the personal information covered by our privacy statement, anything you send us through this website, such as feedback or ideas, is not treated as confidential. By sending it, you allow us to use it to answer you and to improve our products and services. Please do not send us confidential or proprietary information through the contact form.",
      ],
    },
    {
      id: "liability",
      heading: "Liability disclaimer",
      blocks: [
        "The information on this website is provided in good faith, for general information only. We try to keep it accurate and up to date, but we give no warranty that it is complete, accurate or suitable for any purpose, and it may contain errors.",
        "As far as the law allows, we are not liable for any direct, indirect or consequential loss or damage that arises from your use of this website, from not being able to use it, or from relying on the information on it. Nothing in these terms limits any right you have under South African law that cannot lawfully be limited.",
      ],
    },
    {
      id: "termination",
      heading: "Termination of access",
      blocks: [
        "We may suspend or end your access to this website, or to any part of it, at any time and without notice, in particular if you break these terms.",
      ],
    },
    {
      id: "governing-law",
      heading: "Governing law",
      blocks: [
        "These terms are governed by the laws of the Republic of South Africa. Any dispute about this website or these terms falls under the jurisdiction of the South African courts.",
      ],
    },
    {
      id: "copyright",
      heading: "Copyright and trademarks",
      blocks: [
        `All content on this website, including its text, illustrations, logos and software, belongs to ${companyName} or its licensors and is protected by copyright and trademark law. You may view and print pages for your own information, but you may not copy, change, distribute or republish them for any other purpose without our written permission.`,
        "The names of other companies and products mentioned on this website may be the trademarks of their owners.",
        `Copyright © ${COPYRIGHT_YEAR} ${companyName}. All rights reserved.`,
      ],
    },
    {
      id: "copyright-claims",
      heading: "Claims of copyright infringement",
      blocks: [
        "If you believe that material on this website infringes your copyright, please tell us in writing. Include enough detail for us to find the material and to contact you, and a statement that you own the copyright or are authorised to act for its owner. We will look into every notice and remove material where that is appropriate.",
        { text: "Send notices to", email: supportEmail },
      ],
    },
  ],
};

export const termsPage = { hero, legalText } as const;
