// What the editor at /admin shows for each field of each collection, by its path in the file: its
// label, its hint and the box it is typed in. The rules are the schemas' (schemas.ts and beside
// it); cms-config.ts joins the two into the editor's configuration, and cms-config.test.ts holds
// them together: a field with no words here, or words for no field, fails it.
import {
  type EnquiryField,
  type EnquiryProblem,
  enquiryFormFields,
  enquiryProblems,
  enquiryTypeValues,
} from "../../contract/enquiry.ts";
import { customerKinds } from "./case-study-schema.ts";
import type { CollectionName } from "./content-files.ts";
import { askers, documentKinds, placeholderFields } from "./schemas.ts";

/** A field's words; `widget` where the rule alone does not say which box it is typed in. */
export type FieldWords = {
  label: string;
  hint?: string;
  widget?: "text" | "relation" | "image" | "file";
  /** What a relation offers: the entries of this collection of the editor. */
  collection?: string;
};
type Words = Record<string, FieldWords>;

/** A field of one line, a group of fields or a list. */
const line = (label: string, hint?: string): FieldWords => ({ label, hint });
/** A field given a multi-line box. */
const paragraph = (label: string, hint?: string): FieldWords => ({ label, hint, widget: "text" });
/** A field naming entries of another collection, chosen from them by name. */
const pick = (label: string, hint?: string, collection = "products"): FieldWords => ({
  label,
  hint,
  widget: "relation",
  collection,
});

/** The words of a part of a file, placed at its path ("" is the part itself). */
const at = (path: string, words: Words): Words =>
  Object.fromEntries(
    Object.entries(words).map(([key, value]) => [key ? `${path}.${key}` : path, value]),
  );

/** One line per key, in the keys' order, for lists of codes the contract owns. */
const each = <Key extends string>(keys: readonly Key[], label: (key: Key) => string): Words =>
  Object.fromEntries(keys.map((key) => [key, line(label(key))]));

const picture = line("Picture", "One of the site's pictures, by name");

const illustration: Words = {
  "": line("Picture"),
  picture,
  alt: line(
    "Description (alt text)",
    "What the picture shows, read out to people who cannot see it. Leave it empty if the picture is only decoration: then it is skipped.",
  ),
};

const shareCard: Words = {
  "": line("Link preview picture", "The picture a shared link shows beside the page title"),
  picture,
  description: line("What the picture shows", "Read out as the preview's alt text"),
};

const navLabel = (where: string) =>
  line(`Link text in the ${where}`, `Leave it empty to leave the page out of the ${where}`);

const pageBlock: Words = {
  "": line("Page title, description and links"),
  title: line("Page title", "The company name is added after it in the browser tab"),
  description: paragraph("Description", "Shown by search engines and link previews"),
  headerLabel: navLabel("header"),
  footerLabel: navLabel("footer"),
  ...at("shareCard", shareCard),
};

const hero: Words = {
  "": line("Banner (hero)"),
  label: line("Small label above the heading"),
  heading: line("Heading"),
  subheading: line("Line under the heading"),
  paragraph: paragraph("Paragraph"),
  ...at("illustration", illustration),
};

/** Every page's file begins with its page block and banner. */
const pageStart = { ...at("page", pageBlock), ...at("hero", hero) };

const problemTitles: Record<EnquiryProblem, string> = {
  missing: "When it is left empty",
  notDigits: "When it holds more than digits, spaces, hyphens, brackets and a leading +",
  notEmail: "When it is not an email address",
  notChosen: "When no type is chosen",
  notPrintable: "When it holds hidden characters, such as control codes",
};

const fieldTitles: Record<EnquiryField, string> = {
  name: "Name",
  phone: "Phone number",
  email: "Email address",
  enquiry: "Enquiry type",
  message: "Message",
};

const link = (label: string): Words => ({
  "": line(label),
  label: line("Link text"),
  href: line("Address"),
});

const enquiryForm: Words = {
  "": line("Enquiry form"),
  requiredNote: line("Note above the fields"),
  labels: line("Field labels"),
  ...at(
    "labels",
    each(enquiryFormFields, (field) => fieldTitles[field]),
  ),
  placeholders: line("Example text in empty fields"),
  ...at(
    "placeholders",
    each(placeholderFields, (field) => fieldTitles[field]),
  ),
  enquiryPrompt: line("First option of the enquiry type list"),
  enquiryTypes: line(
    "Enquiry types",
    "The options of the enquiry type list, each as the visitor reads it",
  ),
  ...at(
    "enquiryTypes",
    each(enquiryTypeValues, (type) => `Option "${type}"`),
  ),
  errors: line("Messages beside a field filled in wrongly"),
  ...Object.assign(
    {},
    ...enquiryFormFields.map((field) => ({
      [`errors.${field}`]: line(fieldTitles[field]),
      ...at(
        `errors.${field}`,
        each(enquiryProblems[field], (code) => problemTitles[code]),
      ),
    })),
  ),
  submit: line("Send button"),
  "submit.idle": line("Send button"),
  "submit.busy": line("Send button while sending"),
  botCheckNotice: line("Bot-check notice", "Google's required wording when its badge is hidden"),
  ...at("botCheckNotice", {
    before: line("Text before the first link"),
    ...at("privacy", link("Privacy policy link")),
    between: line("Text between the links"),
    ...at("terms", link("Terms link")),
    after: line("Text after the second link"),
  }),
  notifications: line("Notifications"),
  ...at("notifications", {
    success: line("After sending"),
    error: line("When sending failed"),
    close: line("Close button"),
    regionLabel: line("Name of the notification area (screen readers)"),
  }),
  noScript: line("Without JavaScript", "Shown beside the form only when JavaScript is off"),
  "noScript.before": paragraph("Text before the company name"),
  "noScript.between": line("Text between the company name and the mailbox"),
  startFailure: paragraph(
    "When the form cannot start",
    "Announced when the form's script cannot load or start; what was typed stays in the form",
  ),
  emailInstead: line(
    "Send by email instead",
    "The way round a form that cannot send: an email carrying what was typed",
  ),
  "emailInstead.link": line("Link text"),
  "emailInstead.subject": line("Subject of the email"),
  outcome: line(
    "What stays by the send button",
    "A line under the send button that stays until the next send; the company's reply promise (company details) follows a success",
  ),
  ...at("outcome", {
    failed: paragraph("When sending failed"),
    otherWays: line("Before the other ways to reach us, when the company has set any"),
    email: line("Link to email what was typed, when a support address is set"),
    received: paragraph("After sending"),
    reference: line(
      "The enquiry's reference",
      "{reference} stands for the short reference the visitor can quote",
    ),
  }),
  withoutAddress: line(
    "When no support address is set",
    "The same messages, without the email route",
  ),
  "withoutAddress.noScript": paragraph("Shown beside the form when JavaScript is off"),
  "withoutAddress.startFailure": paragraph("When the form cannot start"),
};

const askerTitles: Record<(typeof askers)[number], string> = {
  homes: "Homes",
  estates: "Estates, landlords and body corporates",
  municipalities: "Municipalities",
};

const customerKindTitles: Record<(typeof customerKinds)[number], string> = {
  household: "Household",
  estate: "Estate or body corporate",
  municipality: "Municipality",
  business: "Business",
};

/** Each collection's fields (content-files.ts), by path: a list's items' fields under the list's. */
export const cmsFields: Record<CollectionName, Words> = {
  product: {
    ...pageStart,
    highlights: line("Highlights (columns)"),
    "highlights.heading": line("Heading"),
    "highlights.intro": paragraph("Introduction"),
    "highlights.columns": line("Columns"),
    "highlights.columns.icon": line("Icon", "A small icon-… picture"),
    "highlights.columns.heading": line("Heading"),
    "highlights.columns.description": paragraph("Description"),
    features: line("Feature rows"),
    ...at("features.illustration", illustration),
    "features.product": pick(
      "Product page",
      "The product this row is about: the row links to its page. Leave it empty for no link",
    ),
    "features.featureName": line(
      "Feature name",
      "Shown above the heading; also names the row's Get in Touch link",
    ),
    "features.heading": line("Heading"),
    "features.paragraph": paragraph("Paragraph"),
    "features.bulletPoints": line("Bullet points"),
    "features.bulletPoints.item": line("Bullet point"),
  },
  legal: {
    ...pageStart,
    contentsLabel: line("Heading of the contents list"),
    introduction: line("Opening paragraphs"),
    "introduction.item": paragraph("Paragraph"),
    sections: line("Sections"),
    "sections.id": line(
      "Anchor",
      "Part of links to this section: keep it unchanged once published",
    ),
    "sections.heading": line("Heading"),
    "sections.blocks": line("Text"),
    "sections.blocks.paragraph": line("Paragraph"),
    "sections.blocks.paragraph.text": paragraph(
      "Paragraph",
      "{retentionStatement} stands for the sentence on how long enquiries are kept, worded from the server's setting",
    ),
    "sections.blocks.list": line("Bulleted list"),
    "sections.blocks.list.items": line("Items"),
    "sections.blocks.list.items.item": paragraph("Item"),
    "sections.blocks.email": line("Sentence ending in the support email address"),
    "sections.blocks.email.text": line("Text before the support email address"),
    "sections.blocks.email.withoutAddress": line(
      "Instead, when no support address is set: a link to the contact page",
    ),
    "sections.blocks.email.orOfficer": line(
      "Then, when the Information Officer is named: the words before their heading",
    ),
  },
  contact: {
    ...pageStart,
    formBlock: line("Form block"),
    "formBlock.heading": line("Heading"),
    "formBlock.intro": paragraph("Introduction"),
    "formBlock.privacyNote": paragraph("Privacy sentence above the send button"),
    ...at("illustrations", illustration),
    illustrations: line("Pictures beside the form (wide screens)"),
    ...at("enquiryForm", enquiryForm),
  },
  faq: {
    ...pageStart,
    groupHeadings: line("Group headings"),
    ...at(
      "groupHeadings",
      each(askers, (asker) => `Heading of "${askerTitles[asker]}"`),
    ),
    questions: line("Questions"),
    "questions.id": line(
      "Anchor",
      "Part of links to this question: keep it unchanged once published",
    ),
    "questions.askedBy": line("Who asks", "The group it is listed under"),
    "questions.question": line("Question"),
    "questions.answer": line("Answer"),
    "questions.answer.item": paragraph("Paragraph"),
    "questions.products": pick(
      "Products it is about",
      "The question is also shown on these products' pages",
    ),
  },
  shell: {
    skipLinkLabel: line("Skip link"),
    header: line("Header"),
    "header.navigationLabel": line("Name of the navigation (screen readers)"),
    "header.menuButtonLabel": line("Menu button (narrow screens)"),
    "header.homeLinkLabel": line("Name of the logo link (screen readers)"),
    footer: line("Footer"),
    "footer.navigationLabel": line("Name of the navigation (screen readers)"),
    "footer.tagline": line("Tagline"),
    "footer.rightsReserved": line("After the year and company name"),
    getInTouch: line("Get in Touch links"),
    "getInTouch.label": line("Link text"),
    "getInTouch.about": line("Read to screen readers after the link text"),
    productPage: line("Product pages"),
    ...at("productPage", {
      moreLink: line(
        "Link from a feature row to its product's page",
        "{product} stands for the product's name",
      ),
      specificationsHeading: line("Heading of the specifications"),
      specificationsCaption: line(
        "Caption of the specifications table",
        "{product} stands for the product's name",
      ),
      nameHeader: line("Column heading of the specifications' names"),
      valueHeader: line("Column heading of their values"),
      documentsHeading: line("Heading of the datasheet and documents"),
      datasheet: line("Name of a datasheet"),
      reachUs: line("In the datasheet, before the support email address"),
      breadcrumbLabel: line("Name of the trail above a product (screen readers)"),
      sectionProducts: line(
        "Heading of the list of every product of a section, on its page (/hardware, /software)",
      ),
      documentNumber: line("In the datasheet, before its document number"),
      revised: line(
        "In the datasheet, its revision and the date of it",
        "{revision} and {date} stand for the datasheet's revision and the day it was revised",
      ),
      pageOf: line(
        "In the datasheet's footer, its page number",
        "{page} and {pages} stand for the page's number and the datasheet's number of pages",
      ),
      approvalsHeading: line("Heading of the approvals"),
      approvalHeaders: line("Column headings of the approvals"),
      "approvalHeaders.standard": line("Standard"),
      "approvalHeaders.certificate": line("Certificate number"),
      "approvalHeaders.issuedBy": line("Issued by"),
      "approvalHeaders.issued": line("Issue date"),
      questionsHeading: line(
        "Heading of the product's questions",
        "Over the questions of /faq that name the product",
      ),
    }),
    documents: line(
      "Documents",
      "The documents page and its footer link appear once there is a document",
    ),
    ...at("documents", {
      page: line("Page title, description and link preview of /documents"),
      "page.title": line("Page title"),
      "page.description": paragraph("Description"),
      ...at("page.shareCard", shareCard),
      heading: line("Heading of /documents"),
      intro: paragraph("Introduction on /documents"),
      footerLabel: line("Link text in the footer"),
      kinds: line("Names of the kinds of document"),
      ...at(
        "kinds",
        each(documentKinds, (kind) => `Kind "${kind}"`),
      ),
      kindHeadings: line("Headings of the groups on /documents", "Plural: each heads a group"),
      ...at(
        "kindHeadings",
        each(documentKinds, (kind) => `Group of kind "${kind}"`),
      ),
      issued: line("Before a document's issue date"),
      version: line("Before a document's version"),
    }),
    notFoundPage: line("Page not found"),
    ...at("notFoundPage", {
      title: line("Page title"),
      heading: line("Heading"),
      paragraph: line("Paragraph"),
      homeLink: line("Link home"),
    }),
  },
  company: {
    labels: line("Words beside the details"),
    ...at("labels", {
      heading: line("Heading of the details"),
      phone: line("Before the phone number"),
      whatsapp: line("Before the WhatsApp number"),
      address: line("Before the address"),
      officeHours: line("Before the office hours"),
      informationOfficer: line("Heading of the Information Officer in the privacy statement"),
      informationOfficerIntro: paragraph("Sentence before the Information Officer's name"),
    }),
    phone: line("Phone number", "Leave it empty to show no phone number"),
    whatsapp: line("WhatsApp", "Leave it empty to show no WhatsApp link"),
    "whatsapp.number": line("WhatsApp number"),
    "whatsapp.firstLine": line(
      "First line of the message",
      "Typed for the visitor; they may change it",
    ),
    address: line("Physical address", "Leave it empty to show no address"),
    "address.street": line("Street address"),
    "address.town": line("Town or city"),
    "address.province": line("Province"),
    "address.postalCode": line("Postal code"),
    officeHours: line("Office hours", "Leave it empty to show no office hours"),
    "officeHours.item": line("Line", "Like: Monday to Friday, 08:00 to 17:00"),
    replyPromise: line(
      "When to expect a reply",
      "Shown once an enquiry is sent, like: We reply within one working day. Leave it empty to promise nothing",
    ),
    informationOfficer: line(
      "Information Officer (POPIA)",
      "Shown in the privacy statement; leave it empty to show none",
    ),
    "informationOfficer.name": line("Name"),
    "informationOfficer.address": paragraph("Address", "Where requests under POPIA may be sent"),
  },
  caseStudiesPage: {
    ...at("page", pageBlock),
    heading: line("Heading of the list"),
    intro: paragraph("Introduction"),
    labels: line("Words on a study's page"),
    ...at("labels", {
      customerKinds: line("Kinds of customer"),
      ...at(
        "customerKinds",
        each(customerKinds, (kind) => customerKindTitles[kind]),
      ),
      meters: line("After the number of meters", "Like: meters"),
      products: line("Heading of the products used"),
      challenge: line("Heading of the challenge"),
      work: line("Heading of what was done"),
      results: line("Heading of the results"),
      callToAction: line(
        "Sentence before the Get in Touch link at the end of a study",
        "Like: Want the same for your estate?",
      ),
      readMore: line("Link to a study", "Read to screen readers with the study's title"),
      allStudies: line("Link to all case studies"),
    }),
    homeSection: line("On the home page"),
    "homeSection.heading": line("Heading of the latest studies"),
    productSection: line("On a product's page"),
    "productSection.heading": line("Heading of the studies that used it"),
  },
  caseStudies: {
    title: line("Title"),
    date: line("Date"),
    summary: paragraph("Summary", "Shown in lists and link previews"),
    customer: line("Customer"),
    "customer.kind": line("Kind of customer", Object.values(customerKindTitles).join(", ")),
    "customer.town": line("Town or city"),
    "customer.province": line("Province"),
    products: pick("Products used"),
    meters: line("Number of meters"),
    challenge: line("The challenge"),
    "challenge.item": paragraph("Paragraph"),
    work: line("What was done"),
    "work.item": paragraph("Paragraph"),
    results: line("Results"),
    "results.value": line("Figure", "Like 38"),
    "results.unit": line("Unit", "Like %"),
    "results.label": line("What it measures", "Like: less water billed"),
    quote: line("Quote", "Optional"),
    "quote.text": paragraph("What they said"),
    "quote.name": line("Their name"),
    "quote.role": line("Their role", "Like: Trustee, Sunbird Estate"),
    "quote.consent": line(
      "They agreed in writing to be named on the website",
      "POPIA: the site is not built with a named quote until this is ticked",
    ),
    photos: line("Photos"),
    "photos.src": { label: "Photo", widget: "image" },
    "photos.alt": line(
      "Description (alt text)",
      "What the photo shows, read out to people who cannot see it",
    ),
    "photos.caption": line(
      "Caption",
      "Shown under the photo, like: The data connection unit by the gate. Leave it empty to show none",
    ),
    "photos.after": line(
      "Shown after",
      "The results, The challenge, What was done or The quote: the part of the story it follows",
    ),
  },
  products: {
    page: line("Page title, description and link preview"),
    "page.title": line("Product name", "The page's title and the datasheet's heading"),
    "page.description": paragraph(
      "Summary",
      "Shown by search engines, link previews and the datasheet",
    ),
    ...at("page.shareCard", shareCard),
    section: line("Section", "The page the product belongs to: its address is /section/file-name"),
    address: line(
      "Address",
      "The end of its page's address, /section/address. Leave it empty to keep the one it was created with. When you change it, add the old one under Former addresses",
    ),
    formerAddresses: line(
      "Former addresses",
      "Addresses it had before: links to them lead to its page. The one it was created with always does",
    ),
    "formerAddresses.item": line("Former address"),
    ...at("hero", hero),
    claims: line("What it does"),
    "claims.item": line("Claim"),
    photo: line(
      "Photo",
      "A photo or drawing of the product, on its page and its datasheet: a JPEG, PNG, WebP or AVIF of at most 10 MB",
    ),
    "photo.src": { label: "Photo", widget: "image" },
    "photo.alt": line(
      "Description (alt text)",
      "What the photo or drawing shows, read out to people who cannot see it",
    ),
    specifications: line("Specifications"),
    ...at("specifications", {
      group: line(
        "Table",
        "The table it is listed in, such as Metrology, Electrical, Radio, Environment or Physical; leave it empty for the first table",
      ),
      name: line("Name", "What it is, such as Battery life"),
      value: line("Value", "Only what the company states, such as 5+"),
      unit: line("Unit", "Such as years; leave it empty if there is none"),
      note: line("Note", "Shown under the value; leave it empty if there is none"),
    }),
    approvals: line("Approvals", "Only approvals the company holds a certificate for"),
    ...at("approvals", {
      standard: line("Standard", "Such as SANS 1529-1"),
      certificate: line("Certificate number"),
      issuedBy: line("Issued by", "Such as the SABS or NRCS"),
      issued: line("Issue date"),
      document: pick(
        "Certificate document",
        "The certificate, chosen from the Documents; leave it empty if it is not published",
        "documents",
      ),
    }),
    datasheet: line("Datasheet", "Leave it empty until the company numbers its datasheets"),
    ...at("datasheet", {
      number: line("Document number", "Such as DS-WM-001: the number an engineer files it by"),
      revision: line("Revision", "Such as 2 or B: raise it with each change of what it states"),
      revised: line(
        "Date of the revision",
        "The day what the datasheet states last changed, printed on it",
      ),
    }),
  },
  documents: {
    title: line("Title", "As the document calls itself, such as Installation guide"),
    kind: line("Kind"),
    products: pick("Products it belongs to"),
    version: line("Version", "Such as 1.2"),
    issued: line("Issue date"),
    file: { label: "PDF file", hint: "A PDF of at most 20 MB", widget: "file" },
  },
};
