import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  caseStudiesPage,
  caseStudies as caseStudyFiles,
  companyDetails,
  sitePage,
  siteProducts,
} from "../../app/content/site-content";
import { tapPath } from "../../contract/contact-taps";
import { expectSeen } from "../support/seen";
import { MOBILE } from "../support/widths";

// Issue 40 against the production build: the questions, the case studies and the company's
// contacts, checked against the content the build was made from (app/content/, or CONTENT_DIR:
// npm test's edited content holds one case study with three photos and every contact detail).
// What the content leaves out must not be on the site at all.

const company = companyDetails();
const studies = caseStudyFiles();
const studiesCopy = caseStudiesPage();
const faq = sitePage("faq", "faq");
const products = siteProducts();
const studiesUsing = (slug: string) => studies.filter((study) => study.products.includes(slug));
const questionsAbout = (slug: string) =>
  faq.file.questions.filter((question) => question.products?.includes(slug));

/** Scrolled to the middle of the screen, then seen as a person sees it (tests/support/seen.ts). */
async function seen(element: Locator) {
  await element.evaluate((node) => node.scrollIntoView({ block: "center" }));
  await expectSeen(element);
}

async function jsonLdNodes(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((text) => {
    const data = JSON.parse(text);
    return data["@graph"] ?? [data];
  });
}

test.describe("/faq, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("groups the questions by who asks; each answer opens, and opens from its own link; FAQPage data", async ({
    page,
  }) => {
    await page.goto("/faq");
    const main = page.getByRole("main");
    for (const heading of Object.values(faq.file.groupHeadings)) {
      await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    const { questions } = faq.file;
    await expect(main.locator("details")).toHaveCount(questions.length);
    await expect(main.locator("details[open]")).toHaveCount(0);
    const [first, , third] = questions;
    if (!first || !third) throw new Error("fewer than three questions");

    await main.getByText(first.question, { exact: true }).click();
    await seen(main.getByText(first.answer[0] ?? "", { exact: true }));

    // A shared link to an answer opens it and shows it.
    await page.goto(`/faq#${third.id}`);
    const answer = page.locator(`[id="${third.id}"]`);
    await expect(answer.locator("xpath=ancestor::details")).toHaveAttribute("open", "");
    await seen(answer.getByText(third.answer[0] ?? "", { exact: true }));
    await seen(page.getByText(third.question, { exact: true }));

    // Every question and answer as FAQPage structured data; the footer links the page.
    const faqPage = (await jsonLdNodes(page)).find((node) => node["@type"] === "FAQPage");
    expect(faqPage?.mainEntity).toEqual(
      questions.map((question) =>
        expect.objectContaining({
          "@type": "Question",
          name: question.question,
          url: expect.stringMatching(new RegExp(`/faq#${question.id}$`)),
          acceptedAnswer: { "@type": "Answer", text: question.answer.join("\n\n") },
        }),
      ),
    );
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: faq.footerLabel ?? "" }),
    ).toHaveAttribute("href", "/faq");
  });
});

test.describe("a product page, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the studies that used the product and its own questions, and no section for what it has none of", async ({
    page,
  }) => {
    // The content has a product of each kind: one named by a question, and one no study used.
    expect(products.some((product) => questionsAbout(product.slug).length > 0)).toBe(true);
    expect(products.some((product) => studiesUsing(product.slug).length === 0)).toBe(true);
    if (studies.length > 0)
      expect(products.some((product) => studiesUsing(product.slug).length > 0)).toBe(true);
    for (const product of products) {
      await page.goto(product.path);
      const main = page.getByRole("main");
      const used = studiesUsing(product.slug);
      const section = page.getByRole("region", { name: studiesCopy.productSection.heading });
      await expect(section, product.slug).toHaveCount(used.length > 0 ? 1 : 0);
      for (const study of used) {
        await seen(section.getByRole("link", { name: study.title }));
        await expect(section.getByRole("link", { name: study.title })).toHaveAttribute(
          "href",
          `/case-studies/${study.slug}`,
        );
      }
      const questions = questionsAbout(product.slug);
      await expect(main.locator("details"), product.slug).toHaveCount(questions.length);
      for (const question of questions) {
        await main.getByText(question.question, { exact: true }).click();
        await seen(main.getByText(question.answer[0] ?? "", { exact: true }));
      }
      // The questions are /faq's structured data, not the product page's.
      const types = (await jsonLdNodes(page)).map((node) => node["@type"]);
      expect(types).not.toContain("FAQPage");
    }
  });
});

test("the company's contacts show beside the form, in the footer, the privacy statement and the Organization, each only when given", async ({
  page,
  request,
}) => {
  // Which detail shows when, and how: app/components/proof/contact-details.test.tsx.
  await page.goto("/contact");
  for (const [where, role] of [
    ["contact", "main"],
    ["footer", "contentinfo"],
  ] as const) {
    const scope = page.getByRole(role);
    for (const [channel, number] of [
      ["phone", company.phone],
      ["whatsapp", company.whatsapp?.number],
    ] as const) {
      const link = scope.locator(`a[href="${tapPath(channel, where)}"]`);
      await expect(link).toHaveCount(number ? 1 : 0);
      if (number) await seen(link);
    }
    if (company.address) await expect(scope.getByText(company.address.street)).toBeVisible();
  }
  // With no detail given, no heading stands over an empty block.
  const headings = page.getByRole("heading", { name: company.labels.heading });
  await expect(headings).toHaveCount(company.phone || company.whatsapp || company.address ? 2 : 0);

  if (company.phone) {
    const response = await request.get(tapPath("phone", "contact"), { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toMatch(/^tel:\+\d+$/);
  }
  if (company.whatsapp) {
    const response = await request.get(tapPath("whatsapp", "footer"), { maxRedirects: 0 });
    expect(response.headers().location).toMatch(/^https:\/\/wa\.me\/\d+\?text=./);
  }

  await page.goto("/privacy");
  const officer = page.getByRole("heading", { name: company.labels.informationOfficer });
  if (company.informationOfficer) {
    await seen(officer);
    await expect(page.getByText(company.informationOfficer.name)).toBeVisible();
  } else {
    await expect(officer).toHaveCount(0);
  }

  await page.goto("/");
  const organization = (await jsonLdNodes(page)).find((node) => node["@type"] === "Organization");
  expect(Boolean(organization?.contactPoint)).toBe(Boolean(company.phone || company.whatsapp));
  expect((organization?.address as { streetAddress?: string })?.streetAddress).toBe(
    company.address?.street,
  );
});

test.describe("case studies", () => {
  test.skip(studies.length > 0, "the content has case studies");

  test("with none, there is no page, home section or link (in the footer either)", async ({
    page,
  }) => {
    await page.goto("/case-studies");
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.locator('a[href^="/case-studies"]')).toHaveCount(0);
    await expect(page.getByRole("heading", { name: studiesCopy.homeSection.heading })).toHaveCount(
      0,
    );
  });
});

test.describe("case studies, from the content", () => {
  test.skip(studies.length === 0, "the content has no case study");
  const [latest] = studies;

  test("are listed at /case-studies and the latest two on home; each has its page, data and card", async ({
    page,
    request,
  }) => {
    if (!latest) return;
    await page.goto("/case-studies");
    for (const study of studies) {
      await expect(page.getByRole("link", { name: study.title })).toHaveAttribute(
        "href",
        `/case-studies/${study.slug}`,
      );
    }
    await page.goto("/");
    const section = page.getByRole("region", { name: studiesCopy.homeSection.heading });
    await expect(section.getByRole("listitem")).toHaveCount(Math.min(2, studies.length));
    await seen(section.getByRole("link", { name: latest.title }));
    await expect(page.getByRole("contentinfo").locator('a[href="/case-studies"]')).toHaveCount(1);

    // Its page: customer, results, quote and photos at the size they are drawn, in a modern
    // format; Article structured data, a share card and a sitemap entry.
    await page.setViewportSize(MOBILE);
    await page.goto(`/case-studies/${latest.slug}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(latest.title);
    await expect(main.getByText(latest.customer.town, { exact: false }).first()).toBeVisible();
    for (const result of latest.results) await expect(main.getByText(result.label)).toBeVisible();
    if (latest.quote)
      await expect(main.getByText(latest.quote.name, { exact: false })).toBeVisible();
    // The products used, by their names, each linking to its page.
    for (const slug of latest.products) {
      const product = products.find((candidate) => candidate.slug === slug);
      await expect(main.getByRole("link", { name: product?.page.title })).toHaveAttribute(
        "href",
        product?.path ?? "",
      );
    }
    const photos = main.locator("picture img");
    await expect(photos).toHaveCount(latest.photos?.length ?? 0);
    for (const [index, photo] of (latest.photos ?? []).entries()) {
      const image = photos.nth(index);
      await expect(image).toHaveAttribute("alt", photo.alt);
      await seen(image);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const drawn = await image.evaluate((img: HTMLImageElement) => ({
        source: img.currentSrc,
        natural: img.naturalWidth,
        shown: img.clientWidth * window.devicePixelRatio,
      }));
      expect(drawn.source).toMatch(/\.avif$/);
      // The smallest width made that covers the drawn size, not the uploaded original.
      expect(drawn.natural).toBeGreaterThanOrEqual(drawn.shown);
      expect(drawn.natural).toBeLessThan(drawn.shown * 1.5);
    }
    const article = (await jsonLdNodes(page)).find((node) => node["@type"] === "Article");
    expect(article).toMatchObject({ headline: latest.title, datePublished: latest.date });
    const card = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(card).toMatch(new RegExp(`/social/case-studies/${latest.slug}\\.png$`));
    const image = await request.get(new URL(card ?? "").pathname);
    expect(image.headers()["content-type"]).toBe("image/png");
    const sitemap = await (await request.get("/sitemap-0.xml")).text();
    expect(sitemap).toContain(`/case-studies/${latest.slug}</loc>`);
    expect(sitemap).toContain("/case-studies</loc>");
  });
});
