// Case studies: one file per study in case-studies/ (a folder collection in the editor), and the
// words of their pages in case-studies.yaml. A named quote goes live only with the person's
// recorded agreement to be named (POPIA): the build refuses it otherwise (decision 0035).
import { z } from "zod";
import { province } from "./company-schema.ts";
import {
  drawableText,
  fieldsFor,
  group,
  list,
  longText,
  pageBlock,
  productRef,
  shortText,
} from "./schemas.ts";

export const caseStudiesPageFileName = "case-studies.yaml";
/** The folder of the studies' files, and of their photos (photos/) beside them. */
export const caseStudiesFolder = "case-studies";

const unitRule = "Use letters, digits and signs such as % or °: emoji cannot be drawn";
const consentRule =
  "Tick this once they have agreed in writing to be named, or remove the quote (POPIA)";

export const customerKinds = ["household", "estate", "municipality", "business"] as const;
const customerKindTitles = {
  household: "Household",
  estate: "Estate or body corporate",
  municipality: "Municipality",
  business: "Business",
} as const;

/** The parts of a study's story, in the order its page tells them; a photo follows one of them. */
export const storyParts = ["results", "challenge", "work", "quote"] as const;
export type StoryPart = (typeof storyParts)[number];
const storyPartTitles = ["The results", "The challenge", "What was done", "The quote"];

/** A photo the build can size: a file beside the study, of a type Astro's image tools read. */
export const photoTypes = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
/** The largest photo the editor uploads: a phone's photo, not a camera's raw file. */
export const maxPhotoBytes = 10 * 1000 * 1000;
const photoRule = "Upload a JPEG, PNG, WebP or AVIF photo: a web address cannot be used";
const photoPath = z
  .string()
  .regex(/^(?![a-z]+:)[^?#]+\.(?:jpe?g|png|webp|avif)$/i, photoRule)
  .meta({ patternMessage: photoRule });

/**
 * One study. The build passes Astro's image() for `photo`, which resolves the file beside the
 * study and gives its size; the editor and tests see text.
 */
export const caseStudyFile = <Photo extends z.ZodType>(photo: Photo) =>
  z
    .object({
      title: shortText("Title"),
      date: z.iso.date().meta({ title: "Date", widget: "date" }),
      summary: longText("Summary", "Shown in lists and link previews"),
      customer: group("Customer", {
        kind: z.enum(customerKinds).meta({
          title: "Kind of customer",
          hint: Object.values(customerKindTitles).join(", "),
        }),
        town: shortText("Town or city"),
        province: province(),
      }),
      products: list("Products used", productRef(), [1, "needs at least one product"]),
      meters: z.int().positive().meta({ title: "Number of meters" }),
      challenge: list("The challenge", longText("Paragraph"), [1]),
      work: list("What was done", longText("Paragraph"), [1]),
      results: list(
        "Results",
        group("Result", {
          value: z.number().meta({ title: "Figure", hint: "Like 38" }),
          unit: z
            .string()
            .regex(drawableText, unitRule)
            .default("")
            .meta({ title: "Unit", hint: "Like %", widget: "string", patternMessage: unitRule }),
          label: shortText("What it measures", "Like: less water billed"),
        }),
        [1, "needs at least one result"],
      ),
      quote: group("Quote", {
        text: longText("What they said"),
        name: shortText("Their name"),
        role: shortText("Their role", "Like: Trustee, Sunbird Estate"),
        consent: z.boolean().default(false).meta({
          title: "They agreed in writing to be named on the website",
          hint: "POPIA: the site is not built with a named quote until this is ticked",
          // The editor refuses to save the quote unticked, as the build refuses to publish it.
          pattern: "^true$",
          patternMessage: consentRule,
        }),
      })
        .optional()
        .meta({ hint: "Optional" }),
      photos: list(
        "Photos",
        group("Photo", {
          // Astro types image() by what it makes; it takes the file's path, as photoPath gives it.
          src: photoPath
            .pipe(photo as z.ZodType as z.ZodType<z.output<Photo>, string>)
            .meta({ title: "Photo", widget: "image" }),
          alt: shortText(
            "Description (alt text)",
            "What the photo shows, read out to people who cannot see it",
          ),
          caption: shortText(
            "Caption",
            "Shown under the photo, like: The data connection unit by the gate. Leave it empty to show none",
          ).optional(),
          after: z
            .enum(storyParts)
            .default("work")
            .meta({ title: "Shown after", hint: storyPartTitles.join(", ") }),
        }),
      ).optional(),
    })
    .superRefine((study, context) => {
      if (study.quote && !study.quote.consent) {
        context.addIssue({
          code: "custom",
          path: ["quote", "consent"],
          message: `case study "${study.title}": the quote names ${study.quote.name}, who has not agreed to be named (POPIA). Tick "They agreed in writing to be named" once they have, or remove the quote`,
        });
      }
    });

export const caseStudiesPageFile = z.object({
  page: pageBlock,
  heading: shortText("Heading of the list"),
  intro: longText("Introduction"),
  labels: group("Words on a study's page", {
    customerKinds: fieldsFor("Kinds of customer", customerKinds, (kind) =>
      shortText(customerKindTitles[kind]),
    ),
    meters: shortText("After the number of meters", "Like: meters"),
    products: shortText("Heading of the products used"),
    challenge: shortText("Heading of the challenge"),
    work: shortText("Heading of what was done"),
    results: shortText("Heading of the results"),
    callToAction: shortText(
      "Sentence before the Get in Touch link at the end of a study",
      "Like: Want the same for your estate?",
    ),
    readMore: shortText("Link to a study", "Read to screen readers with the study's title"),
    allStudies: shortText("Link to all case studies"),
  }),
  homeSection: group("On the home page", {
    heading: shortText("Heading of the latest studies"),
  }),
  productSection: group("On a product's page", {
    heading: shortText("Heading of the studies that used it"),
  }),
});

export type CaseStudiesPageFile = z.infer<typeof caseStudiesPageFile>;
