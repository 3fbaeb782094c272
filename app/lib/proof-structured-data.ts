import type { Article, ContactPoint, FAQPage, PostalAddress, WithContext } from "schema-dts";
import { telAddress } from "../../contract/contact-taps";
import type { CompanyFile } from "../content/company-schema";
import type { FaqQuestion } from "../content/schemas";

// Structured data drawn from the same content as the pages: the company's contacts in its
// Organization, /faq's questions as an FAQPage, and each case study as an Article.

/** The company's phone, WhatsApp and address as Organization properties; none when not given. */
export function organizationContact(company: CompanyFile | undefined): {
  contactPoint?: ContactPoint[];
  address?: PostalAddress;
} {
  if (!company) return {};
  const { phone, whatsapp, address } = company;
  const point = (number: string, contactType: string): ContactPoint => ({
    "@type": "ContactPoint",
    telephone: telAddress(number).slice("tel:".length),
    contactType,
    areaServed: "ZA",
  });
  const contactPoint = [
    ...(phone ? [point(phone, "customer service")] : []),
    ...(whatsapp ? [point(whatsapp.number, "WhatsApp")] : []),
  ];
  return {
    ...(contactPoint.length > 0 && { contactPoint }),
    ...(address && {
      address: {
        "@type": "PostalAddress",
        streetAddress: address.street,
        addressLocality: address.town,
        addressRegion: address.province,
        postalCode: address.postalCode,
        addressCountry: "ZA",
      },
    }),
  };
}

/** What a page of the list is about beside its breadcrumb trail: /faq's questions. */
export const listPageAbout = (
  page: { kind: string; path: string },
  content: { questions?: readonly FaqQuestion[] },
) =>
  page.kind === "faq" && content.questions
    ? {
        trail: [],
        about: (siteUrl: string) =>
          faqPageJsonLd(content.questions ?? [], `${siteUrl}${page.path}`),
      }
    : undefined;

export function faqPageJsonLd(questions: readonly FaqQuestion[], pageUrl: string): FAQPage {
  return {
    "@type": "FAQPage",
    "@id": `${pageUrl}#questions`,
    url: pageUrl,
    mainEntity: questions.map((question) => ({
      "@type": "Question",
      name: question.question,
      url: `${pageUrl}#${question.id}`,
      acceptedAnswer: { "@type": "Answer", text: question.answer.join("\n\n") },
    })),
  };
}

type ArticleSource = { title: string; summary: string; date: string };

export function articleJsonLd(
  study: ArticleSource,
  { pageUrl, siteUrl, images }: { pageUrl: string; siteUrl: string; images: readonly string[] },
): WithContext<Article> {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: study.title,
    description: study.summary,
    datePublished: study.date,
    url: pageUrl,
    mainEntityOfPage: pageUrl,
    inLanguage: "en-ZA",
    ...(images.length > 0 && { image: images.map((src) => new URL(src, siteUrl).href) }),
    author: { "@id": `${siteUrl}/#organization` },
    publisher: { "@id": `${siteUrl}/#organization` },
  };
}
