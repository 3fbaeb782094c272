import pages from "virtual:content/contact";
import { heroContent, pictureResolver } from "./pictures";
import type { ContactPageFile } from "./schemas";
import type { ContactFormContent, HeroContent, ImageAsset } from "./types";

// Only the contact pictures, the ones its content file may name (app/content/schemas.ts).
const contactPicture = pictureResolver(
  import.meta.glob<string>("../assets/illustrations/contact-*.svg", {
    eager: true,
    import: "default",
    query: "?raw",
  }),
);

// The one contact page: its form is the site's one island (decision 0011).
const { hero, formBlock, illustrations, enquiryForm } = pages.contact;

export const contactHero: HeroContent = heroContent(hero, contactPicture);

export const contactFormBlock: ContactFormContent = formBlock;

/** Decorative line art beside the form on wide screens; hidden below the breakpoint. */
export const contactIllustrations: readonly ImageAsset[] = illustrations.map(({ picture, alt }) =>
  contactPicture(picture, alt),
);

export type EnquiryFormCopy = ContactPageFile["enquiryForm"];

export const enquiryFormCopy: EnquiryFormCopy = enquiryForm;
