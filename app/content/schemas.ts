// The shape of every content file under app/content/, defined once: the build checks each file
// against its schema (app/content.config.ts), the types come from the schemas, and the editor at
// /admin is generated from them (app/content/cms-config.ts), so it never offers a field the build
// would refuse. `title` and `hint` are what the editor shows; `widget: "text"` is a multi-line box.
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

/**
 * The placeholders the settings fill in every text (app/content/placeholders.ts):
 * `{companyName}` anywhere, `{retentionStatement}` only where a field allows it.
 */
export const settingPlaceholders = ["companyName", "retentionStatement"] as const;
export type SettingPlaceholder = (typeof settingPlaceholders)[number];

/** Placeholders every text may hold. */
const everywhere = ["{companyName}"];

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A text's placeholders must be ones it may hold; a plain message names the stray one. */
const knownPlaceholders = <T extends z.ZodString>(text: T, allow: string[] = []) => {
  const allowed = [...everywhere, ...allow];
  return (
    text
      .superRefine((value, context) => {
        for (const found of value.match(/\{[^}]*\}/g) ?? []) {
          if (allowed.includes(found)) continue;
          context.addIssue({
            code: "custom",
            message: `${found} is not a placeholder; this text may use ${allowed.join(", ")} (or no curly braces at all)`,
          });
        }
      })
      // The same rule for the editor, which checks patterns while the text is typed.
      .meta({
        pattern: `^(?:[^{}]|${allowed.map(literally).join("|")})*$`,
        patternMessage: `Curly brackets may only hold ${allowed.join(" or ")}`,
      })
  );
};

/** A rule of the build that the editor applies too: the message is shown beside the field. */
const matching = (schema: z.ZodString, pattern: RegExp, message: string) =>
  schema.regex(pattern, message).meta({ patternMessage: message });

const copy = (title: string, options: { long?: boolean; hint?: string; allow?: string[] } = {}) =>
  knownPlaceholders(z.string().min(1, "must not be empty"), options.allow).meta({
    title,
    hint: options.hint,
    widget: options.long ? "text" : "string",
  });

/** A group of fields, as the editor shows it. */
const group = <Shape extends z.ZodRawShape>(title: string, shape: Shape, hint?: string) =>
  z.object(shape).meta({ title, hint });

/** A list the editor can add to, reorder and remove from. */
const list = <Item extends z.ZodType>(title: string, item: Item, min?: [number, string?]) =>
  (min ? z.array(item).min(...min) : z.array(item)).meta({ title });

const picture = (names: PictureNames = pictureNames) =>
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

const hero = (names?: PictureNames) =>
  group("Banner (hero)", {
    label: copy("Small label above the heading"),
    heading: copy("Heading"),
    subheading: copy("Line under the heading"),
    paragraph: copy("Paragraph", { long: true }),
    illustration: illustration(names),
  });

const column = group("Column", {
  icon: picture().meta({ title: "Icon", hint: "A small icon-… picture" }),
  heading: copy("Heading"),
  description: copy("Description", { long: true }),
});

const highlights = group("Highlights (columns)", {
  heading: copy("Heading"),
  intro: copy("Introduction", { long: true }),
  columns: list("Columns", column, [1, "needs at least one column"]),
});

const featureRow = group("Feature row", {
  illustration: illustration(),
  featureName: copy("Feature name", {
    hint: "Shown above the heading; also names the row's Get in Touch link",
  }),
  heading: copy("Heading"),
  paragraph: copy("Paragraph", { long: true }),
  bulletPoints: list("Bullet points", copy("Bullet point")).optional(),
});

const features = list("Feature rows", featureRow, [1, "needs at least one feature row"]);

/** What a page's file says about the page itself: its title, link texts and share card. */
const pageBlock = group("Page title, description and links", {
  title: copy("Page title", { hint: "The company name is added after it in the browser tab" }),
  description: copy("Description", {
    long: true,
    hint: "Shown by search engines and link previews",
  }),
  headerLabel: copy("Link text in the header", {
    hint: "Leave it empty to leave the page out of the header",
  }).optional(),
  footerLabel: copy("Link text in the footer", {
    hint: "Leave it empty to leave the page out of the footer",
  }).optional(),
  shareCard: group(
    "Link preview picture",
    {
      picture: picture(),
      description: copy("What the picture shows", { hint: "Read out as the preview's alt text" }),
    },
    "The picture a shared link shows beside the page title",
  ),
});

export const productPageFile = z.object({ page: pageBlock, hero: hero(), highlights, features });

const legalBlock = z.discriminatedUnion("type", [
  group("Paragraph", {
    type: z.literal("paragraph"),
    text: copy("Paragraph", {
      long: true,
      allow: ["{retentionStatement}"],
      hint: "{retentionStatement} stands for the sentence on how long enquiries are kept, worded from the server's setting",
    }),
  }),
  group("Bulleted list", {
    type: z.literal("list"),
    items: list("Items", copy("Item", { long: true }), [1]),
  }),
  group("Sentence ending in the support email address", {
    type: z.literal("email"),
    text: copy("Text before the support email address"),
  }),
]);

const section = group("Section", {
  id: matching(
    z.string(),
    /^[a-z0-9-]+$/,
    "Use only small letters, digits and hyphens (-), no spaces",
  ).meta({
    title: "Anchor",
    hint: "Part of links to this section: keep it unchanged once published",
    widget: "string",
  }),
  heading: copy("Heading"),
  blocks: list("Text", legalBlock, [1]),
});

export const legalPageFile = z.object({
  page: pageBlock,
  hero: hero(),
  contentsLabel: copy("Heading of the contents list"),
  introduction: list("Opening paragraphs", copy("Paragraph", { long: true })),
  sections: list("Sections", section, [1]),
});

/** One field per key, in the keys' order: for lists of codes the contract owns. */
function fieldsFor<Key extends string, Field extends z.ZodType>(
  keys: readonly Key[],
  field: (key: Key) => Field,
) {
  return z.object(Object.fromEntries(keys.map((key) => [key, field(key)])) as Record<Key, Field>);
}

const problemTitles: Record<EnquiryProblem, string> = {
  missing: "When it is left empty",
  notDigits: "When it holds more than digits",
  notEmail: "When it is not an email address",
  notChosen: "When no type is chosen",
};

type FormField = keyof typeof enquiryProblems;
const fieldTitles: Record<FormField, string> = {
  name: "Name",
  phone: "Phone number",
  email: "Email address",
  enquiry: "Enquiry type",
  message: "Message",
};

/** The form's messages: one per field and problem the contract (contract/enquiry.ts) names. */
const formErrors = fieldsFor(Object.keys(enquiryProblems) as FormField[], (field) =>
  fieldsFor(enquiryProblems[field], (code) => copy(problemTitles[code])).meta({
    title: fieldTitles[field],
  }),
).meta({ title: "Messages beside a field filled in wrongly" });

const link = (title: string) =>
  group(title, { label: copy("Link text"), href: z.url().meta({ title: "Address" }) });

const enquiryForm = group("Enquiry form", {
  requiredNote: copy("Note above the fields"),
  labels: fieldsFor(enquiryFormFields, (field) => copy(fieldTitles[field])).meta({
    title: "Field labels",
  }),
  placeholders: group("Example text in empty fields", {
    name: copy("Name"),
    phone: copy("Phone number"),
    email: copy("Email address"),
    message: copy("Message"),
  }),
  enquiryPrompt: copy("First option of the enquiry type list"),
  enquiryTypes: fieldsFor(enquiryTypeValues, (type) => copy(`Option "${type}"`)).meta({
    title: "Enquiry types",
    hint: "The options of the enquiry type list, each as the visitor reads it",
  }),
  errors: formErrors,
  submit: group("Send button", {
    idle: copy("Send button"),
    busy: copy("Send button while sending"),
  }),
  botCheckNotice: group(
    "Bot-check notice",
    {
      before: copy("Text before the first link"),
      privacy: link("Privacy policy link"),
      between: copy("Text between the links"),
      terms: link("Terms link"),
      after: copy("Text after the second link"),
    },
    "Google's required wording when its badge is hidden",
  ),
  notifications: group("Notifications", {
    success: copy("After sending"),
    error: copy("When sending failed"),
    close: copy("Close button"),
    regionLabel: copy("Name of the notification area (screen readers)"),
  }),
  noScript: group(
    "Without JavaScript",
    {
      before: copy("Text before the company name", { long: true }),
      between: copy("Text between the company name and the mailbox"),
    },
    "Shown beside the form only when JavaScript is off",
  ),
  startFailure: copy("When the form cannot start", {
    long: true,
    hint: "Announced when the form's script cannot load or start; what was typed stays in the form",
  }),
  emailInstead: group(
    "Send by email instead",
    { link: copy("Link text"), subject: copy("Subject of the email") },
    "The way round a form that cannot send: an email carrying what was typed",
  ),
});

export const contactPageFile = z.object({
  page: pageBlock,
  hero: hero(contactPictureNames),
  formBlock: group("Form block", {
    heading: copy("Heading"),
    intro: copy("Introduction", { long: true }),
    privacyNote: copy("Privacy sentence above the send button", { long: true }),
  }),
  illustrations: list("Pictures beside the form (wide screens)", illustration(contactPictureNames)),
  enquiryForm,
});

export const siteShellFile = z.object({
  skipLinkLabel: copy("Skip link"),
  header: group("Header", {
    navigationLabel: copy("Name of the navigation (screen readers)"),
    menuButtonLabel: copy("Menu button (narrow screens)"),
    homeLinkLabel: copy("Name of the logo link (screen readers)"),
  }),
  footer: group("Footer", {
    navigationLabel: copy("Name of the navigation (screen readers)"),
    tagline: copy("Tagline"),
    rightsReserved: copy("After the year and company name"),
  }),
  getInTouch: group("Get in Touch links", {
    label: copy("Link text"),
    about: copy("Read to screen readers after the link text", { allow: ["{topic}"] }),
  }),
  notFoundPage: group("Page not found", {
    title: copy("Page title"),
    heading: copy("Heading"),
    paragraph: copy("Paragraph"),
    homeLink: copy("Link home"),
  }),
});

/** The schema of each kind of page: every page of a kind is checked against its kind's. */
export const pageSchemas = {
  product: productPageFile,
  legal: legalPageFile,
  contact: contactPageFile,
} as const satisfies Record<PageKind, z.ZodType>;

/** The shared parts of every page, in the one content file that is not a page. */
export const siteShellFileName = "site-shell.yaml";

/** Every content file of a page list, by name, with its schema and the title the editor shows. */
export function contentFilesOf(pages: readonly PageEntry[]) {
  return {
    ...Object.fromEntries(
      pages.map((page) => [
        contentFileOf(page),
        { title: page.editorTitle, schema: pageSchemas[page.kind] as z.ZodType },
      ]),
    ),
    [siteShellFileName]: { title: "Header, footer and error pages", schema: siteShellFile },
  };
}

export type PageBlockFile = z.infer<typeof pageBlock>;
export type HeroFile = z.infer<ReturnType<typeof hero>>;
export type ProductPageFile = z.infer<typeof productPageFile>;
export type LegalPageFile = z.infer<typeof legalPageFile>;
export type LegalBlockFile = z.infer<typeof legalBlock>;
export type ContactPageFile = z.infer<typeof contactPageFile>;
export type SiteShellFile = z.infer<typeof siteShellFile>;
