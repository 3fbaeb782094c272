// The shape of every content file under app/content/, defined once: the build checks each file
// against its schema (app/content.config.ts), the types come from the schemas, and the editor at
// /admin is generated from them (app/content/cms-config.ts), so it never offers a field the build
// would refuse. `title` and `hint` are what the editor shows; `widget: "text"` is a multi-line box.
import { z } from "zod";
import { type EnquiryProblem, enquiryProblems, enquiryTypeValues } from "../../contract/enquiry.ts";
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

const picture = (names: PictureNames = pictureNames) =>
  z.enum(names).meta({ title: "Picture", hint: "One of the site's pictures, by name" });

const illustration = (names?: PictureNames) =>
  z
    .object({
      picture: picture(names),
      // Left out of the file when empty: the editor writes no empty optional field.
      alt: knownPlaceholders(z.string()).default("").meta({
        title: "Description (alt text)",
        hint: "What the picture shows, read out to people who cannot see it. Leave it empty if the picture is only decoration: then it is skipped.",
        widget: "string",
      }),
    })
    .meta({ title: "Picture" });

const hero = (names?: PictureNames) =>
  z
    .object({
      label: copy("Small label above the heading"),
      heading: copy("Heading"),
      subheading: copy("Line under the heading"),
      paragraph: copy("Paragraph", { long: true }),
      illustration: illustration(names),
    })
    .meta({ title: "Banner (hero)" });

const highlights = z
  .object({
    heading: copy("Heading"),
    intro: copy("Introduction", { long: true }),
    columns: z
      .array(
        z
          .object({
            icon: picture().meta({ title: "Icon", hint: "A small icon-… picture" }),
            heading: copy("Heading"),
            description: copy("Description", { long: true }),
          })
          .meta({ title: "Column" }),
      )
      .min(1, "needs at least one column")
      .meta({ title: "Columns" }),
  })
  .meta({ title: "Highlights (columns)" });

const features = z
  .array(
    z
      .object({
        illustration: illustration(),
        featureName: copy("Feature name", {
          hint: "Shown above the heading; also names the row's Get in Touch link",
        }),
        heading: copy("Heading"),
        paragraph: copy("Paragraph", { long: true }),
        bulletPoints: z.array(copy("Bullet point")).optional().meta({ title: "Bullet points" }),
      })
      .meta({ title: "Feature row" }),
  )
  .min(1, "needs at least one feature row")
  .meta({ title: "Feature rows" });

/**
 * What every page's file says about the page itself, beside its content: the words of its
 * title, link texts and share card. Whether the header and footer link it is copy too.
 */
const pageBlock = z
  .object({
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
    shareCard: z
      .object({
        picture: picture(),
        description: copy("What the picture shows", {
          hint: "Read out as the preview's alt text",
        }),
      })
      .meta({
        title: "Link preview picture",
        hint: "The picture a shared link shows beside the page title",
      }),
  })
  .meta({ title: "Page title, description and links" });

export const productPageFile = z.object({ page: pageBlock, hero: hero(), highlights, features });

const legalBlock = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("paragraph"),
      text: copy("Paragraph", {
        long: true,
        allow: ["{retentionStatement}"],
        hint: "{retentionStatement} stands for the sentence on how long enquiries are kept, worded from the server's setting",
      }),
    })
    .meta({ title: "Paragraph" }),
  z
    .object({
      type: z.literal("list"),
      items: z
        .array(copy("Item", { long: true }))
        .min(1)
        .meta({ title: "Items" }),
    })
    .meta({ title: "Bulleted list" }),
  z
    .object({
      type: z.literal("email"),
      text: copy("Text before the support email address"),
    })
    .meta({ title: "Sentence ending in the support email address" }),
]);

export const legalPageFile = z.object({
  page: pageBlock,
  hero: hero(),
  contentsLabel: copy("Heading of the contents list"),
  introduction: z.array(copy("Paragraph", { long: true })).meta({ title: "Opening paragraphs" }),
  sections: z
    .array(
      z
        .object({
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
          blocks: z.array(legalBlock).min(1).meta({ title: "Text" }),
        })
        .meta({ title: "Section" }),
    )
    .min(1)
    .meta({ title: "Sections" }),
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

const fieldTitles = {
  name: "Name",
  phone: "Phone number",
  email: "Email address",
  enquiry: "Enquiry type",
  message: "Message",
} as const satisfies Record<keyof typeof enquiryProblems, string>;

const problemMessages = <Field extends keyof typeof enquiryProblems>(field: Field) =>
  fieldsFor(enquiryProblems[field], (code) => copy(problemTitles[code])).meta({
    title: fieldTitles[field],
  });

/** The form's messages: one per field and problem the contract (contract/enquiry.ts) names. */
const formErrors = fieldsFor(
  Object.keys(enquiryProblems) as (keyof typeof enquiryProblems)[],
  problemMessages,
).meta({ title: "Messages beside a field filled in wrongly" });

export const contactPageFile = z.object({
  page: pageBlock,
  hero: hero(contactPictureNames),
  formBlock: z
    .object({
      heading: copy("Heading"),
      intro: copy("Introduction", { long: true }),
      privacyNote: copy("Privacy sentence above the send button", { long: true }),
    })
    .meta({ title: "Form block" }),
  illustrations: z
    .array(illustration(contactPictureNames))
    .meta({ title: "Pictures beside the form (wide screens)" }),
  enquiryForm: z
    .object({
      requiredNote: copy("Note above the fields"),
      labels: z
        .object({
          name: copy("Name"),
          phone: copy("Phone number"),
          email: copy("Email address"),
          enquiry: copy("Enquiry type"),
          message: copy("Message"),
        })
        .meta({ title: "Field labels" }),
      placeholders: z
        .object({
          name: copy("Name"),
          phone: copy("Phone number"),
          email: copy("Email address"),
          message: copy("Message"),
        })
        .meta({ title: "Example text in empty fields" }),
      enquiryPrompt: copy("First option of the enquiry type list"),
      enquiryTypes: fieldsFor(enquiryTypeValues, (type) => copy(`Option "${type}"`)).meta({
        title: "Enquiry types",
        hint: "The options of the enquiry type list, each as the visitor reads it",
      }),
      errors: formErrors,
      submit: z
        .object({ idle: copy("Send button"), busy: copy("Send button while sending") })
        .meta({ title: "Send button" }),
      botCheckNotice: z
        .object({
          before: copy("Text before the first link"),
          privacy: z
            .object({ label: copy("Link text"), href: z.url().meta({ title: "Address" }) })
            .meta({ title: "Privacy policy link" }),
          between: copy("Text between the links"),
          terms: z
            .object({ label: copy("Link text"), href: z.url().meta({ title: "Address" }) })
            .meta({ title: "Terms link" }),
          after: copy("Text after the second link"),
        })
        .meta({
          title: "Bot-check notice",
          hint: "Google's required wording when its badge is hidden",
        }),
      notifications: z
        .object({
          success: copy("After sending"),
          error: copy("When sending failed"),
          close: copy("Close button"),
          regionLabel: copy("Name of the notification area (screen readers)"),
        })
        .meta({ title: "Notifications" }),
      noScript: z
        .object({
          before: copy("Text before the company name", { long: true }),
          between: copy("Text between the company name and the mailbox"),
        })
        .meta({
          title: "Without JavaScript",
          hint: "Shown beside the form only when JavaScript is off",
        }),
      startFailure: copy("When the form cannot start", {
        long: true,
        hint: "Announced when the form's script cannot load or start; what was typed stays in the form",
      }),
      emailInstead: z
        .object({ link: copy("Link text"), subject: copy("Subject of the email") })
        .meta({
          title: "Send by email instead",
          hint: "The way round a form that cannot send: an email carrying what was typed",
        }),
    })
    .meta({ title: "Enquiry form" }),
});

export const siteShellFile = z.object({
  skipLinkLabel: copy("Skip link"),
  header: z
    .object({
      navigationLabel: copy("Name of the navigation (screen readers)"),
      menuButtonLabel: copy("Menu button (narrow screens)"),
      homeLinkLabel: copy("Name of the logo link (screen readers)"),
    })
    .meta({ title: "Header" }),
  footer: z
    .object({
      navigationLabel: copy("Name of the navigation (screen readers)"),
      tagline: copy("Tagline"),
      rightsReserved: copy("After the year and company name"),
    })
    .meta({ title: "Footer" }),
  getInTouch: z
    .object({
      label: copy("Link text"),
      about: copy("Read to screen readers after the link text", { allow: ["{topic}"] }),
    })
    .meta({ title: "Get in Touch links" }),
  notFoundPage: z
    .object({
      title: copy("Page title"),
      heading: copy("Heading"),
      paragraph: copy("Paragraph"),
      homeLink: copy("Link home"),
    })
    .meta({ title: "Page not found" }),
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
