// The shape of every content file, defined once: the build checks each file against it
// (app/content.config.ts), the types come from it, and the editor at /admin is generated from it
// (cms-config.ts), so it never offers a field the build would refuse. `title` and `hint` are what
// the editor shows; `widget: "text"` is a multi-line box.
import { z } from "zod";
import {
  type EnquiryProblem,
  enquiryFormFields,
  enquiryProblems,
  enquiryTypeValues,
} from "../../contract/enquiry.ts";
import { contentFileOf, type PageEntry, type PageKind } from "./page-list.ts";
import { contactPictureNames, type PictureName, pictureNames } from "./picture-list.ts";

type PictureNames = readonly [PictureName, ...PictureName[]];

// The characters the site's fonts draw in the page, the datasheet and the share card (Inter:
// Latin with its accents, Greek for µ and Ω, punctuation, €, ™, arrows and ≤ ≥ ≠ ≈ −), less the
// curly brackets of placeholders. Written for a regular expression without the u flag, as the
// editor reads the pattern: emoji and other pictographs are refused, not drawn as boxes.
const drawable =
  "\\t\\n\\r\\x20-\\x7A\\x7C\\x7E\\xA0-\\u024F\\u0370-\\u03FF\\u2010-\\u2027\\u2030-\\u203A\\u20AC\\u2122\\u2190-\\u2193\\u2212\\u2248\\u2260\\u2264\\u2265";
const drawableRule =
  "Use letters, digits and punctuation: emoji and pictographs cannot be drawn in the datasheet or link preview.";
export const drawableText = new RegExp(`^[${drawable}{}]*$`);

// A text's placeholders must be ones it may hold: `{companyName}` anywhere, others where `allow`
// says. The editor checks the same pattern, with the same words, while the text is typed.
const knownPlaceholders = (text: z.ZodString, allow: string[] = []) => {
  const allowed = ["{companyName}", ...allow];
  const literally = allowed.map((value) => value.replace(/[{}]/g, "\\$&"));
  const message = `${drawableRule} Curly brackets may only hold ${allowed.join(" or ")}`;
  return text
    .regex(new RegExp(`^(?:[${drawable}]|${literally.join("|")})*$`), message)
    .meta({ patternMessage: message });
};

/** Copy of one line, or a paragraph the editor gives a multi-line box. */
const text = (widget: "string" | "text", allow?: string[]) => (title: string, hint?: string) =>
  knownPlaceholders(z.string().min(1, "must not be empty"), allow).meta({ title, hint, widget });
export const shortText = text("string");
export const longText = text("text");

/** A group of fields, as the editor shows it. */
export const group = <Shape extends z.ZodRawShape>(title: string, shape: Shape) =>
  z.object(shape).meta({ title });

/** A list the editor can add to, reorder and remove from. */
export const list = <Item extends z.ZodType>(title: string, item: Item, min?: [number, string?]) =>
  (min ? z.array(item).min(...min) : z.array(item)).meta({ title });

/** A group of one field per key, in the keys' order: for lists of codes the contract owns. */
export const fieldsFor = <Key extends string, Field extends z.ZodType>(
  title: string,
  keys: readonly Key[],
  field: (key: Key) => Field,
) => group(title, Object.fromEntries(keys.map((key) => [key, field(key)])) as Record<Key, Field>);

export const picture = (names: PictureNames = pictureNames) =>
  z.enum(names).meta({ title: "Picture", hint: "One of the site's pictures, by name" });

const illustration = (names?: PictureNames) =>
  group("Picture", {
    picture: picture(names),
    // Left out of the file when empty: the editor writes no empty optional field.
    alt: knownPlaceholders(z.string()).default("").meta({
      title: "Description (alt text)",
      hint: "What the picture shows, read out to people who cannot see it. Leave it empty if the picture is only decoration: then it is skipped.",
      widget: "string",
    }),
  });

export const hero = (names?: PictureNames) =>
  group("Banner (hero)", {
    label: shortText("Small label above the heading"),
    heading: shortText("Heading"),
    subheading: shortText("Line under the heading"),
    paragraph: longText("Paragraph"),
    illustration: illustration(names),
  });

const column = group("Column", {
  icon: picture().meta({ title: "Icon", hint: "A small icon-… picture" }),
  heading: shortText("Heading"),
  description: longText("Description"),
});

/** The name of a product's, document's or study's file, without .yaml: part of its address. */
export const fileNamePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const fileNameRule =
  "Use only small letters, digits and single hyphens (-) between them: no spaces, dots, underscores or accents";

// A product's file name: the editor offers the products by name (cms-config.ts).
const productSlug = z
  .string()
  .regex(fileNamePattern, fileNameRule)
  .meta({ widget: "relation", patternMessage: fileNameRule });

/** A field naming one product, chosen in the editor from the products' entries. */
export const productRef = () => productSlug.meta({ title: "Product" });

const productLink = productSlug.optional().meta({
  title: "Product page",
  hint: "The product this row is about: the row links to its page. Leave it empty for no link",
});

/** What a document is, as /documents groups them: a datasheet replaces the built one. */
export const documentKinds = [
  "datasheet",
  "approval-or-certificate",
  "installation-guide",
  "brochure",
  "other",
] as const;

const featureRow = group("Feature row", {
  illustration: illustration(),
  product: productLink,
  featureName: shortText(
    "Feature name",
    "Shown above the heading; also names the row's Get in Touch link",
  ),
  heading: shortText("Heading"),
  paragraph: longText("Paragraph"),
  bulletPoints: list("Bullet points", shortText("Bullet point")).optional(),
});

const navLabel = (where: string) =>
  shortText(
    `Link text in the ${where}`,
    `Leave it empty to leave the page out of the ${where}`,
  ).optional();

/** What a page's file says about the page itself: its title, link texts and share card. */
export const pageBlock = group("Page title, description and links", {
  title: shortText("Page title", "The company name is added after it in the browser tab"),
  description: longText("Description", "Shown by search engines and link previews"),
  headerLabel: navLabel("header"),
  footerLabel: navLabel("footer"),
  shareCard: group("Link preview picture", {
    picture: picture(),
    description: shortText("What the picture shows", "Read out as the preview's alt text"),
  }).meta({ hint: "The picture a shared link shows beside the page title" }),
});

const productPageFile = z.object({
  page: pageBlock,
  hero: hero(),
  highlights: group("Highlights (columns)", {
    heading: shortText("Heading"),
    intro: longText("Introduction"),
    columns: list("Columns", column, [1, "needs at least one column"]),
  }),
  features: list("Feature rows", featureRow, [1, "needs at least one feature row"]),
});

const legalBlock = z.discriminatedUnion("type", [
  group("Paragraph", {
    type: z.literal("paragraph"),
    text: text("text", ["{retentionStatement}"])(
      "Paragraph",
      "{retentionStatement} stands for the sentence on how long enquiries are kept, worded from the server's setting",
    ),
  }),
  group("Bulleted list", { type: z.literal("list"), items: list("Items", longText("Item"), [1]) }),
  group("Sentence ending in the support email address", {
    type: z.literal("email"),
    text: shortText("Text before the support email address"),
    withoutAddress: shortText(
      "Instead, when no support address is set: a link to the contact page",
    ),
    orOfficer: shortText(
      "Then, when the Information Officer is named: the words before their heading",
    ).optional(),
  }),
]);

const anchorRule = "Use only small letters, digits and hyphens (-), no spaces";
/** The part of a link after "#" that finds a section or a question: kept once published. */
export const anchor = (what: string) =>
  z
    .string()
    .regex(/^[a-z0-9-]+$/, anchorRule)
    .meta({
      title: "Anchor",
      hint: `Part of links to this ${what}: keep it unchanged once published`,
      widget: "string",
      patternMessage: anchorRule,
    });
const section = group("Section", {
  id: anchor("section"),
  heading: shortText("Heading"),
  blocks: list("Text", legalBlock, [1]),
});

const legalPageFile = z.object({
  page: pageBlock,
  hero: hero(),
  contentsLabel: shortText("Heading of the contents list"),
  introduction: list("Opening paragraphs", longText("Paragraph")),
  sections: list("Sections", section, [1]),
});

const problemTitles: Record<EnquiryProblem, string> = {
  missing: "When it is left empty",
  notDigits: "When it holds more than digits, spaces, hyphens, brackets and a leading +",
  notEmail: "When it is not an email address",
  notChosen: "When no type is chosen",
  notPrintable: "When it holds hidden characters, such as control codes",
};

const fieldTitles = {
  name: "Name",
  phone: "Phone number",
  email: "Email address",
  enquiry: "Enquiry type",
  message: "Message",
};

const link = (title: string) =>
  group(title, { label: shortText("Link text"), href: z.url().meta({ title: "Address" }) });

const enquiryForm = group("Enquiry form", {
  requiredNote: shortText("Note above the fields"),
  labels: fieldsFor("Field labels", enquiryFormFields, (field) => shortText(fieldTitles[field])),
  placeholders: fieldsFor(
    "Example text in empty fields",
    ["name", "phone", "email", "message"] as const,
    (field) => shortText(fieldTitles[field]),
  ),
  enquiryPrompt: shortText("First option of the enquiry type list"),
  enquiryTypes: fieldsFor("Enquiry types", enquiryTypeValues, (type) =>
    shortText(`Option "${type}"`),
  ).meta({ hint: "The options of the enquiry type list, each as the visitor reads it" }),
  // One message per field and problem the contract (contract/enquiry.ts) names.
  errors: fieldsFor("Messages beside a field filled in wrongly", enquiryFormFields, (field) =>
    fieldsFor(fieldTitles[field], enquiryProblems[field], (code) => shortText(problemTitles[code])),
  ),
  submit: group("Send button", {
    idle: shortText("Send button"),
    busy: shortText("Send button while sending"),
  }),
  botCheckNotice: group("Bot-check notice", {
    before: shortText("Text before the first link"),
    privacy: link("Privacy policy link"),
    between: shortText("Text between the links"),
    terms: link("Terms link"),
    after: shortText("Text after the second link"),
  }).meta({ hint: "Google's required wording when its badge is hidden" }),
  notifications: group("Notifications", {
    success: shortText("After sending"),
    error: shortText("When sending failed"),
    close: shortText("Close button"),
    regionLabel: shortText("Name of the notification area (screen readers)"),
  }),
  noScript: group("Without JavaScript", {
    before: longText("Text before the company name"),
    between: shortText("Text between the company name and the mailbox"),
  }).meta({ hint: "Shown beside the form only when JavaScript is off" }),
  startFailure: longText(
    "When the form cannot start",
    "Announced when the form's script cannot load or start; what was typed stays in the form",
  ),
  emailInstead: group("Send by email instead", {
    link: shortText("Link text"),
    subject: shortText("Subject of the email"),
  }).meta({ hint: "The way round a form that cannot send: an email carrying what was typed" }),
  outcome: group("What stays by the send button", {
    failed: longText("When sending failed"),
    otherWays: shortText("Before the other ways to reach us, when the company has set any"),
    email: shortText("Link to email what was typed, when a support address is set"),
    received: longText("After sending"),
    reference: text("string", ["{reference}"])(
      "The enquiry's reference",
      "{reference} stands for the short reference the visitor can quote",
    ),
  }).meta({
    hint: "A line under the send button that stays until the next send; the company's reply promise (company details) follows a success",
  }),
  withoutAddress: group("When no support address is set", {
    noScript: longText("Shown beside the form when JavaScript is off"),
    startFailure: longText("When the form cannot start"),
  }).meta({ hint: "The same messages, without the email route" }),
});

const contactPageFile = z.object({
  page: pageBlock,
  hero: hero(contactPictureNames),
  formBlock: group("Form block", {
    heading: shortText("Heading"),
    intro: longText("Introduction"),
    privacyNote: longText("Privacy sentence above the send button"),
  }),
  illustrations: list("Pictures beside the form (wide screens)", illustration(contactPictureNames)),
  enquiryForm,
});

/** Who asks a question: the groups of /faq, in this order. */
export const askers = ["homes", "estates", "municipalities"] as const;
export type Asker = (typeof askers)[number];

const askerTitles: Record<Asker, string> = {
  homes: "Homes",
  estates: "Estates, landlords and body corporates",
  municipalities: "Municipalities",
};

const question = group("Question", {
  id: anchor("question"),
  askedBy: z.enum(askers).meta({ title: "Who asks", hint: "The group it is listed under" }),
  question: shortText("Question"),
  answer: list("Answer", longText("Paragraph"), [1, "needs at least one paragraph"]),
  products: list("Products it is about", productRef()).optional().meta({
    title: "Products it is about",
    hint: "The question is also shown on these products' pages",
  }),
});

const faqPageFile = z.object({
  page: pageBlock,
  hero: hero(),
  groupHeadings: fieldsFor("Group headings", askers, (asker) =>
    shortText(`Heading of "${askerTitles[asker]}"`),
  ),
  questions: list("Questions", question, [1, "needs at least one question"]).superRefine(
    (questions, context) => {
      const seen = new Set<string>();
      for (const [index, { id }] of questions.entries()) {
        if (seen.has(id)) {
          context.addIssue({
            code: "custom",
            path: [index, "id"],
            message: `two questions have the anchor "${id}": each needs its own`,
          });
        }
        seen.add(id);
      }
    },
  ),
});

export const siteShellFile = z.object({
  skipLinkLabel: shortText("Skip link"),
  header: group("Header", {
    navigationLabel: shortText("Name of the navigation (screen readers)"),
    menuButtonLabel: shortText("Menu button (narrow screens)"),
    homeLinkLabel: shortText("Name of the logo link (screen readers)"),
  }),
  footer: group("Footer", {
    navigationLabel: shortText("Name of the navigation (screen readers)"),
    tagline: shortText("Tagline"),
    rightsReserved: shortText("After the year and company name"),
  }),
  getInTouch: group("Get in Touch links", {
    label: shortText("Link text"),
    about: text("string", ["{topic}"])("Read to screen readers after the link text"),
  }),
  productPage: group("Product pages", {
    moreLink: text("string", ["{product}"])(
      "Link from a feature row to its product's page",
      "{product} stands for the product's name",
    ),
    specificationsHeading: shortText("Heading of the specifications"),
    specificationsCaption: text("string", ["{product}"])(
      "Caption of the specifications table",
      "{product} stands for the product's name",
    ),
    nameHeader: shortText("Column heading of the specifications' names"),
    valueHeader: shortText("Column heading of their values"),
    documentsHeading: shortText("Heading of the datasheet and documents"),
    datasheet: shortText("Name of a datasheet"),
    reachUs: shortText("In the datasheet, before the support email address"),
    breadcrumbLabel: shortText("Name of the trail above a product (screen readers)"),
    sectionProducts: shortText(
      "Heading of the list of every product of a section, on its page (/hardware, /software)",
    ),
    documentNumber: shortText("In the datasheet, before its document number"),
    revised: text("string", ["{revision}", "{date}"])(
      "In the datasheet, its revision and the date of it",
      "{revision} and {date} stand for the datasheet's revision and the day it was revised",
    ),
    pageOf: text("string", ["{page}", "{pages}"])(
      "In the datasheet's footer, its page number",
      "{page} and {pages} stand for the page's number and the datasheet's number of pages",
    ),
    approvalsHeading: shortText("Heading of the approvals"),
    approvalHeaders: group("Column headings of the approvals", {
      standard: shortText("Standard"),
      certificate: shortText("Certificate number"),
      issuedBy: shortText("Issued by"),
      issued: shortText("Issue date"),
    }),
    questionsHeading: shortText(
      "Heading of the product's questions",
      "Over the questions of /faq that name the product",
    ),
  }),
  documents: group("Documents", {
    page: group("Page title, description and link preview of /documents", {
      title: shortText("Page title"),
      description: longText("Description"),
      shareCard: pageBlock.shape.shareCard,
    }),
    heading: shortText("Heading of /documents"),
    intro: longText("Introduction on /documents"),
    footerLabel: shortText("Link text in the footer"),
    kinds: fieldsFor("Names of the kinds of document", documentKinds, (kind) =>
      shortText(`Kind "${kind}"`),
    ),
    issued: shortText("Before a document's issue date"),
    version: shortText("Before a document's version"),
  }).meta({ hint: "The documents page and its footer link appear once there is a document" }),
  notFoundPage: group("Page not found", {
    title: shortText("Page title"),
    heading: shortText("Heading"),
    paragraph: shortText("Paragraph"),
    homeLink: shortText("Link home"),
  }),
});

const specification = group("Specification", {
  group: shortText(
    "Table",
    "The table it is listed in, such as Metrology, Electrical, Radio, Environment or Physical; leave it empty for the first table",
  ).optional(),
  name: shortText("Name", "What it is, such as Battery life"),
  value: shortText("Value", "Only what the company states, such as 5+"),
  unit: shortText("Unit", "Such as years; leave it empty if there is none").optional(),
  note: shortText("Note", "Shown under the value; leave it empty if there is none").optional(),
});

const dateRule = "Enter a date as year-month-day, such as 2026-11-28";

/** An approval the product holds, as a tender asks for it: standard, certificate, body, date. */
const approval = group("Approval", {
  standard: shortText("Standard", "Such as SANS 1529-1"),
  certificate: shortText("Certificate number"),
  issuedBy: shortText("Issued by", "Such as the SABS or NRCS"),
  issued: z.iso.date().meta({ title: "Issue date", widget: "date", patternMessage: dateRule }),
  document: z.string().regex(fileNamePattern, fileNameRule).optional().meta({
    title: "Certificate document",
    hint: "The certificate, chosen from the Documents; leave it empty if it is not published",
    widget: "relation",
    collection: "documents",
    patternMessage: fileNameRule,
  }),
});

/** A photo the build can size: a file beside its entry, of a type Astro's image tools read. */
export const photoTypes = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
/** The largest photo the editor uploads: a phone's photo, not a camera's raw file. */
export const maxPhotoBytes = 10 * 1000 * 1000;
const photoRule = "Upload a JPEG, PNG, WebP or AVIF photo: a web address cannot be used";
const photoPath = z
  .string()
  .regex(/^(?![a-z]+:)[^?#]+\.(?:jpe?g|png|webp|avif)$/i, photoRule)
  .meta({ patternMessage: photoRule });

/**
 * A photo the company uploads, with the words read out in its place. The build passes Astro's
 * image() as `photo`, which resolves the file beside the entry and gives its size; the editor and
 * tests see its path.
 */
export const uploadedPhoto = <Photo extends z.ZodType>(photo: Photo, altHint: string) =>
  group("Photo", {
    // Astro types image() by what it makes; it takes the file's path, as photoPath gives it.
    src: photoPath
      .pipe(photo as z.ZodType as z.ZodType<z.output<Photo>, string>)
      .meta({ title: "Photo", widget: "image" }),
    alt: shortText("Description (alt text)", altHint),
  });

/** The parts of the site a product page sits under: its address is /<section>/<file name>. */
export const productSections = ["hardware", "software"] as const;

/**
 * A product's page and datasheet: one file per product in app/content/products/, its photo in
 * products/photos/. The build passes Astro's image() for the photo (app/content.config.ts).
 */
export const productFileOf = <Photo extends z.ZodType>(photo: Photo) =>
  z.object({
    page: group("Page title, description and link preview", {
      title: shortText("Product name", "The page's title and the datasheet's heading"),
      description: longText("Summary", "Shown by search engines, link previews and the datasheet"),
      shareCard: pageBlock.shape.shareCard,
    }),
    section: z.enum(productSections).meta({
      title: "Section",
      hint: "The page the product belongs to: its address is /section/file-name",
    }),
    hero: hero(),
    claims: list("What it does", shortText("Claim"), [1, "needs at least one claim"]),
    photo: uploadedPhoto(
      photo,
      "What the photo or drawing shows, read out to people who cannot see it",
    )
      .optional()
      .meta({
        hint: "A photo or drawing of the product, on its page and its datasheet: a JPEG, PNG, WebP or AVIF of at most 10 MB",
      }),
    specifications: list("Specifications", specification).optional(),
    approvals: list("Approvals", approval)
      .optional()
      .meta({ hint: "Only approvals the company holds a certificate for" }),
    datasheet: group("Datasheet", {
      number: shortText("Document number", "Such as DS-WM-001: the number an engineer files it by"),
      revision: shortText(
        "Revision",
        "Such as 2 or B: raise it with each change of what it states",
      ),
      revised: z.iso.date().meta({
        title: "Date of the revision",
        hint: "The day what the datasheet states last changed, printed on it",
        widget: "date",
        patternMessage: dateRule,
      }),
    })
      .optional()
      .meta({ hint: "Leave it empty until the company numbers its datasheets" }),
  });

/** What tests and the editor read: the photo as its path. */
export const productFile = productFileOf(z.string());

const pdfRule = "Upload a PDF file (.pdf) of at most 20 MB";

/** A PDF the company publishes: one file per document in app/content/documents/. */
export const documentFile = z.object({
  title: shortText("Title", "As the document calls itself, such as Installation guide"),
  kind: z.enum(documentKinds).meta({ title: "Kind" }),
  products: list("Products it belongs to", productRef()).optional(),
  version: shortText("Version", "Such as 1.2"),
  issued: z.iso.date().meta({ patternMessage: dateRule, title: "Issue date", widget: "date" }),
  file: z
    .string()
    .regex(/^[^/:?#]+\.pdf$/i, pdfRule)
    .meta({
      title: "PDF file",
      hint: "A PDF of at most 20 MB",
      widget: "file",
      patternMessage: pdfRule,
    }),
});

/** Each page is checked against its kind's schema. */
export const pageSchemas = {
  product: productPageFile,
  legal: legalPageFile,
  contact: contactPageFile,
  faq: faqPageFile,
} satisfies Record<PageKind, z.ZodType>;

/** The one content file that is not a page's: the parts every page shares. */
export const siteShellFileName = "site-shell.yaml";

/** Every content file of a page list, by name, with its schema and the title the editor shows. */
export const contentFilesOf = (pages: readonly PageEntry[]) => ({
  ...Object.fromEntries(
    pages.map((page) => [
      contentFileOf(page),
      { title: page.editorTitle, schema: pageSchemas[page.kind] as z.ZodType },
    ]),
  ),
  [siteShellFileName]: { title: "Header, footer and error pages", schema: siteShellFile },
});

export type PageBlockFile = z.infer<typeof pageBlock>;
export type HeroFile = z.infer<ReturnType<typeof hero>>;
export type ProductPageFile = z.infer<typeof productPageFile>;
export type LegalPageFile = z.infer<typeof legalPageFile>;
export type LegalBlockFile = z.infer<typeof legalBlock>;
export type ContactPageFile = z.infer<typeof contactPageFile>;
export type SiteShellFile = z.infer<typeof siteShellFile>;
export type FaqPageFile = z.infer<typeof faqPageFile>;
export type FaqQuestion = FaqPageFile["questions"][number];
export type ProductFile = z.infer<typeof productFile>;
export type DocumentFile = z.infer<typeof documentFile>;
