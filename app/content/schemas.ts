// The shape of every content file, defined once: the build checks each file against it
// (app/content.config.ts), the types come from it, and the editor at /admin is generated from it
// (cms-config.ts), so it never offers a field the build would refuse. Rules only: what the editor
// shows for each field is beside its configuration (cms-fields.ts). A rule's `patternMessage` is
// the build's own words for it, which the editor shows too.
import { z } from "zod";
import { enquiryFormFields, enquiryProblems, enquiryTypeValues } from "../../contract/enquiry.ts";
import type { PageKind } from "./page-list.ts";
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

/** Copy: not empty, and only the placeholders `allow` names besides `{companyName}`. */
export const text = (allow?: string[]) =>
  knownPlaceholders(z.string().min(1, "must not be empty"), allow);

/** A group of one field per key, in the keys' order: for lists of codes the contract owns. */
export const fieldsFor = <Key extends string, Field extends z.ZodType>(
  keys: readonly Key[],
  field: (key: Key) => Field,
) => z.object(Object.fromEntries(keys.map((key) => [key, field(key)])) as Record<Key, Field>);

export const picture = (names: PictureNames = pictureNames) => z.enum(names);

const illustration = (names?: PictureNames) =>
  z.object({
    picture: picture(names),
    // Left out of the file when empty: the editor writes no empty optional field.
    alt: knownPlaceholders(z.string()).default(""),
  });

export const hero = (names?: PictureNames) =>
  z.object({
    label: text(),
    heading: text(),
    subheading: text(),
    paragraph: text(),
    illustration: illustration(names),
  });

const column = z.object({
  icon: picture(),
  heading: text(),
  description: text(),
});

/** The name of a product's, document's or study's file, without .yaml: part of its address. */
export const fileNamePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const fileNameRule =
  "Use only small letters, digits and single hyphens (-) between them: no spaces, dots, underscores or accents";

/** A field naming a product's (or document's) file: the editor offers the entries by name. */
export const fileNameRef = () =>
  z.string().regex(fileNamePattern, fileNameRule).meta({ patternMessage: fileNameRule });

/** What a document is, as /documents groups them: a datasheet replaces the built one. */
export const documentKinds = [
  "datasheet",
  "approval-or-certificate",
  "installation-guide",
  "brochure",
  "other",
] as const;

const featureRow = z.object({
  illustration: illustration(),
  product: fileNameRef().optional(),
  featureName: text(),
  heading: text(),
  paragraph: text(),
  bulletPoints: z.array(text()).optional(),
});

/** What a page's file says about the page itself: its title, link texts and share card. */
export const pageBlock = z.object({
  title: text(),
  description: text(),
  headerLabel: text().optional(),
  footerLabel: text().optional(),
  shareCard: z.object({
    picture: picture(),
    description: text(),
  }),
});

const productPageFile = z.object({
  page: pageBlock,
  hero: hero(),
  highlights: z.object({
    heading: text(),
    intro: text(),
    columns: z.array(column).min(1, "needs at least one column"),
  }),
  features: z.array(featureRow).min(1, "needs at least one feature row"),
});

const legalBlock = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("paragraph"),
    text: text(["{retentionStatement}"]),
  }),
  z.object({ type: z.literal("list"), items: z.array(text()).min(1) }),
  z.object({
    type: z.literal("email"),
    text: text(),
    withoutAddress: text(),
    orOfficer: text().optional(),
  }),
]);

const anchorRule = "Use only small letters, digits and hyphens (-), no spaces";
/** The part of a link after "#" that finds a section or a question: kept once published. */
export const anchor = () =>
  z
    .string()
    .regex(/^[a-z0-9-]+$/, anchorRule)
    .meta({ patternMessage: anchorRule });
const section = z.object({
  id: anchor(),
  heading: text(),
  blocks: z.array(legalBlock).min(1),
});

const legalPageFile = z.object({
  page: pageBlock,
  hero: hero(),
  contentsLabel: text(),
  introduction: z.array(text()),
  sections: z.array(section).min(1),
});

const link = z.object({ label: text(), href: z.url() });

/** The form's fields that show example text when empty (the enquiry type is a list). */
export const placeholderFields = ["name", "phone", "email", "message"] as const;

const enquiryForm = z.object({
  requiredNote: text(),
  labels: fieldsFor(enquiryFormFields, () => text()),
  placeholders: fieldsFor(placeholderFields, () => text()),
  enquiryPrompt: text(),
  enquiryTypes: fieldsFor(enquiryTypeValues, () => text()),
  // One message per field and problem the contract (contract/enquiry.ts) names.
  errors: fieldsFor(enquiryFormFields, (field) => fieldsFor(enquiryProblems[field], () => text())),
  submit: z.object({
    idle: text(),
    busy: text(),
  }),
  botCheckNotice: z.object({
    before: text(),
    privacy: link,
    between: text(),
    terms: link,
    after: text(),
  }),
  notifications: z.object({
    success: text(),
    error: text(),
    close: text(),
    regionLabel: text(),
  }),
  noScript: z.object({
    before: text(),
    between: text(),
  }),
  startFailure: text(),
  emailInstead: z.object({
    link: text(),
    subject: text(),
  }),
  outcome: z.object({
    failed: text(),
    otherWays: text(),
    email: text(),
    received: text(),
    reference: text(["{reference}"]),
  }),
  withoutAddress: z.object({
    noScript: text(),
    startFailure: text(),
  }),
});

const contactPageFile = z.object({
  page: pageBlock,
  hero: hero(contactPictureNames),
  formBlock: z.object({
    heading: text(),
    intro: text(),
    privacyNote: text(),
  }),
  illustrations: z.array(illustration(contactPictureNames)),
  enquiryForm,
});

/** Who asks a question: the groups of /faq, in this order. */
export const askers = ["homes", "estates", "municipalities"] as const;
export type Asker = (typeof askers)[number];

const question = z.object({
  id: anchor(),
  askedBy: z.enum(askers),
  question: text(),
  answer: z.array(text()).min(1, "needs at least one paragraph"),
  products: z.array(fileNameRef()).optional(),
});

const faqPageFile = z.object({
  page: pageBlock,
  hero: hero(),
  groupHeadings: fieldsFor(askers, () => text()),
  questions: z
    .array(question)
    .min(1, "needs at least one question")
    .superRefine((questions, context) => {
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
    }),
});

export const siteShellFile = z.object({
  skipLinkLabel: text(),
  header: z.object({
    navigationLabel: text(),
    menuButtonLabel: text(),
    homeLinkLabel: text(),
  }),
  footer: z.object({
    navigationLabel: text(),
    tagline: text(),
    rightsReserved: text(),
  }),
  getInTouch: z.object({
    label: text(),
    about: text(["{topic}"]),
  }),
  productPage: z.object({
    moreLink: text(["{product}"]),
    specificationsHeading: text(),
    specificationsCaption: text(["{product}"]),
    nameHeader: text(),
    valueHeader: text(),
    documentsHeading: text(),
    datasheet: text(),
    reachUs: text(),
    breadcrumbLabel: text(),
    sectionProducts: text(),
    documentNumber: text(),
    revised: text(["{revision}", "{date}"]),
    pageOf: text(["{page}", "{pages}"]),
    approvalsHeading: text(),
    approvalHeaders: z.object({
      standard: text(),
      certificate: text(),
      issuedBy: text(),
      issued: text(),
    }),
    questionsHeading: text(),
  }),
  documents: z.object({
    page: z.object({
      title: text(),
      description: text(),
      shareCard: pageBlock.shape.shareCard,
    }),
    heading: text(),
    intro: text(),
    footerLabel: text(),
    kinds: fieldsFor(documentKinds, () => text()),
    // A group's heading names what it holds, as a plural, however many it holds.
    kindHeadings: fieldsFor(documentKinds, () => text()),
    issued: text(),
    version: text(),
  }),
  notFoundPage: z.object({
    title: text(),
    heading: text(),
    paragraph: text(),
    homeLink: text(),
  }),
});

const specification = z.object({
  group: text().optional(),
  name: text(),
  value: text(),
  unit: text().optional(),
  note: text().optional(),
});

const dateRule = "Enter a date as year-month-day, such as 2026-11-28";
/** A day, as year-month-day. */
export const date = () => z.iso.date().meta({ patternMessage: dateRule });

/** An approval the product holds, as a tender asks for it: standard, certificate, body, date. */
const approval = z.object({
  standard: text(),
  certificate: text(),
  issuedBy: text(),
  issued: date(),
  document: fileNameRef().optional(),
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
export const uploadedPhoto = <Photo extends z.ZodType>(photo: Photo) =>
  z.object({
    // Astro types image() by what it makes; it takes the file's path, as photoPath gives it.
    src: photoPath.pipe(photo as z.ZodType as z.ZodType<z.output<Photo>, string>),
    alt: text(),
  });

/** The parts of the site a product page sits under: its address is /<section>/<file name>. */
export const productSections = ["hardware", "software"] as const;

/**
 * A product's page and datasheet: one file per product in app/content/products/, its photo in
 * products/photos/. The build passes Astro's image() for the photo (app/content.config.ts).
 */
export const productFileOf = <Photo extends z.ZodType>(photo: Photo) =>
  z.object({
    page: z.object({
      title: text(),
      description: text(),
      shareCard: pageBlock.shape.shareCard,
    }),
    section: z.enum(productSections),
    // Where its page is, /<section>/<address>: its file name, which never changes, until this is
    // given. The addresses it had before lead there (products.ts); others name it by file name.
    address: fileNameRef().optional(),
    formerAddresses: z.array(fileNameRef()).optional(),
    hero: hero(),
    claims: z.array(text()).min(1, "needs at least one claim"),
    photo: uploadedPhoto(photo).optional(),
    specifications: z.array(specification).optional(),
    approvals: z.array(approval).optional(),
    datasheet: z
      .object({
        number: text(),
        revision: text(),
        revised: date(),
      })
      .optional(),
  });

/** What tests and the editor read: the photo as its path. */
export const productFile = productFileOf(z.string());

const pdfRule = "Upload a PDF file (.pdf) of at most 20 MB";

/** A PDF the company publishes: one file per document in app/content/documents/. */
export const documentFile = z.object({
  title: text(),
  kind: z.enum(documentKinds),
  products: z.array(fileNameRef()).optional(),
  version: text(),
  issued: date(),
  file: z
    .string()
    .regex(/^[^/:?#]+\.pdf$/i, pdfRule)
    .meta({ patternMessage: pdfRule }),
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
