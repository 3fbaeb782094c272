// Case studies: one file per study in case-studies/ (a folder collection in the editor), and the
// words of their pages in case-studies.yaml. A named quote goes live only with the person's
// recorded agreement to be named (POPIA): the build refuses it otherwise (decision 0035).
import { z } from "zod";
import { province } from "./company-schema.ts";
import {
  date,
  drawableText,
  fieldsFor,
  fileNameRef,
  pageBlock,
  text,
  uploadedPhoto,
} from "./schemas.ts";

export const caseStudiesPageFileName = "case-studies.yaml";
/** The folder of the studies' files, and of their photos (photos/) beside them. */
export const caseStudiesFolder = "case-studies";

const unitRule = "Use letters, digits and signs such as % or °: emoji cannot be drawn";
const consentRule =
  "Tick this once they have agreed in writing to be named, or remove the quote (POPIA)";

export const customerKinds = ["household", "estate", "municipality", "business"] as const;

/** The parts of a study's story, in the order its page tells them; a photo follows one of them. */
const storyParts = ["results", "challenge", "work", "quote"] as const;
export type StoryPart = (typeof storyParts)[number];

/**
 * One study. The build passes Astro's image() for `photo`, which resolves the file beside the
 * study and gives its size; the editor and tests see text.
 */
export const caseStudyFile = <Photo extends z.ZodType>(photo: Photo) =>
  z
    .object({
      title: text(),
      date: date(),
      summary: text(),
      customer: z.object({
        kind: z.enum(customerKinds),
        town: text(),
        province: province(),
      }),
      products: z.array(fileNameRef()).min(1, "needs at least one product"),
      meters: z.int().positive(),
      challenge: z.array(text()).min(1),
      work: z.array(text()).min(1),
      results: z
        .array(
          z.object({
            value: z.number(),
            unit: z
              .string()
              .regex(drawableText, unitRule)
              .default("")
              .meta({ patternMessage: unitRule }),
            label: text(),
          }),
        )
        .min(1, "needs at least one result"),
      quote: z
        .object({
          text: text(),
          name: text(),
          role: text(),
          consent: z.boolean().default(false).meta({
            // The editor refuses to save the quote unticked, as the build refuses to publish it.
            pattern: "^true$",
            patternMessage: consentRule,
          }),
        })
        .optional(),
      photos: z
        .array(
          uploadedPhoto(photo).extend({
            caption: text().optional(),
            after: z.enum(storyParts).default("work"),
          }),
        )
        .optional(),
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
  heading: text(),
  intro: text(),
  labels: z.object({
    customerKinds: fieldsFor(customerKinds, () => text()),
    meters: text(),
    products: text(),
    challenge: text(),
    work: text(),
    results: text(),
    callToAction: text(),
    readMore: text(),
    allStudies: text(),
  }),
  homeSection: z.object({
    heading: text(),
  }),
  productSection: z.object({
    heading: text(),
  }),
});

export type CaseStudiesPageFile = z.infer<typeof caseStudiesPageFile>;
