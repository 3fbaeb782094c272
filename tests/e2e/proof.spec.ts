import { expect, type Locator, type Page, test } from "@playwright/test";
import { productDownloads, uploadedDatasheetOf } from "../../app/content/documents";
import { inFeatureOrder } from "../../app/content/products";
import {
  caseStudiesPage,
  caseStudies as caseStudyFiles,
  companyDetails,
  shellFile,
  siteDocuments,
  sitePage,
  siteProducts,
} from "../../app/content/site-content";
import { localDate, specificationTables, withUnit } from "../../app/lib/figures";
import { tapPath } from "../../contract/contact-taps";
import { expectSeen } from "../support/seen";
import { DESKTOP, MOBILE } from "../support/widths";

// Issue 40 against the production build: the questions, the case studies and the company's
// contacts, checked against the content the build was made from (app/content/, or CONTENT_DIR:
// npm test's edited content holds one case study with three photos and every contact detail).
// What the content leaves out must not be on the site at all. And each product's page and
// /documents (edited content adds a product and documents), checked the same way. Axe, "no
// script", the footer's links and the sitemap of these pages: shell.spec.ts. A product's
// structured data: app/content/products.test.ts; the datasheet's contents:
// app/lib/datasheet.test.tsx; what a product's downloads are: app/content/documents.test.ts.

const company = companyDetails();
const studies = caseStudyFiles();
const studiesCopy = caseStudiesPage();
const faq = sitePage("faq", "faq");
const products = siteProducts();
const { productPage: copy, getInTouch, documents: documentsCopy } = shellFile();
const { kinds } = documentsCopy;
const documents = siteDocuments();
const SITE_URL = process.env.VITE_SITE_URL?.replace(/\/+$/, "");
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

    // Every question and answer as FAQPage structured data.
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
  });
});

test.describe("a product page, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const product of products) {
    const name = product.page.title;
    const specifications = product.specifications ?? [];

    test(`${product.path} shows its claims, specifications, downloads, Get in Touch link, the studies that used it and its own questions; its trail and share card`, async ({
      page,
    }) => {
      expect(SITE_URL, "build and test with VITE_SITE_URL set (npm test sets it)").toBeTruthy();
      await page.setViewportSize(DESKTOP);
      await page.goto(product.path);
      const main = page.getByRole("main");
      // A laptop's first screen holds its picture, its key figures (its claims) and its datasheet.
      await expectSeen(main.locator("ul").first());
      await expectSeen(
        main.getByRole("region", { name: copy.documentsHeading }).getByRole("link").first(),
      );
      const { alt } = product.hero.illustration;
      if (alt) await expectSeen(main.getByRole("img", { name: alt, exact: true }));
      // Its claims are the first list after its trail.
      await expect(main.locator("ul").first().getByRole("listitem")).toHaveText(product.claims);
      const about = getInTouch.about.replaceAll("{topic}", name);
      await expect(main.getByRole("link", { name: `${getInTouch.label} ${about}` })).toBeVisible();

      // A table per group of specifications, then the approvals' table: none, none shown.
      const tables = specificationTables(specifications);
      const approvals = product.approvals ?? [];
      const table = main.getByRole("table");
      await expect(table).toHaveCount(tables.length + (approvals.length > 0 ? 1 : 0));
      for (const [index, { group, rows }] of tables.entries()) {
        const shown = table.nth(index);
        await expect(shown).toHaveAccessibleName(
          group || copy.specificationsCaption.replaceAll("{product}", name),
        );
        await expect(shown.getByRole("columnheader")).toHaveText([
          copy.nameHeader,
          copy.valueHeader,
        ]);
        await expect(shown.getByRole("rowheader")).toHaveText(rows.map((row) => row.name));
        await expect(shown.getByRole("cell")).toHaveText(
          rows.map((row) => `${withUnit(row.value, row.unit)}${row.note ?? ""}`),
        );
      }
      if (approvals.length > 0) {
        await expect(table.last().getByRole("rowheader")).toHaveText(
          approvals.map((approval) => approval.standard),
        );
      }
      // An approval's published certificate is linked from its number.
      for (const approval of approvals.filter((candidate) => candidate.document)) {
        const certificate = documents.find((document) => document.id === approval.document);
        await expect(
          table.last().getByRole("link", { name: approval.certificate }),
        ).toHaveAttribute("href", certificate?.href ?? "");
      }
      // Its photo or drawing, seen with its words, sized before it loads.
      const photo = main.getByRole("img", { name: product.photo?.alt ?? "", exact: true });
      await expect(photo).toHaveCount(product.photo ? 1 : 0);
      if (product.photo) {
        await seen(photo);
        await expect(photo).toHaveAttribute("width", /^\d+$/);
        await expect(photo).toHaveAttribute("height", /^\d+$/);
        expect(
          await photo.evaluate((image: HTMLImageElement) => image.naturalWidth),
        ).toBeGreaterThan(0);
      }

      // Each download with its kind, format and size, the size that of the file served.
      const built = {
        href: product.datasheetPath,
        title: copy.datasheet,
        kind: "datasheet" as const,
      };
      const weighed = documents.map((document) => ({ ...document, bytes: 0 }));
      const expected = productDownloads(product.slug, weighed, () => ({ ...built, bytes: 0 }));
      const links = main.getByRole("region", { name: copy.documentsHeading }).getByRole("link");
      await expect(links).toHaveCount(expected.length);
      for (const [index, download] of expected.entries()) {
        const link = links.nth(index);
        await expect(link).toHaveAttribute("href", download.href);
        const kind = download.kind && kinds[download.kind];
        const named = [download.title, kind !== download.title && kind, "PDF"].filter(Boolean);
        await expect(link).toHaveText(new RegExp(`^${named.join(", ")}, \\d+ KB$`));
        const body = await (await page.request.get(download.href)).body();
        expect(body.subarray(0, 5).toString()).toBe("%PDF-");
        const shown = Number((await link.textContent())?.match(/(\d+) KB/)?.[1]);
        expect(shown).toBe(Math.max(1, Math.round(body.length / 1000)));
      }

      const used = studiesUsing(product.slug);
      const section = page.getByRole("region", { name: studiesCopy.productSection.heading });
      await expect(section).toHaveCount(used.length > 0 ? 1 : 0);
      for (const study of used) {
        await seen(section.getByRole("link", { name: study.title }));
        await expect(section.getByRole("link", { name: study.title })).toHaveAttribute(
          "href",
          `/case-studies/${study.slug}`,
        );
      }
      const questions = questionsAbout(product.slug);
      await expect(main.locator("details")).toHaveCount(questions.length);
      for (const question of questions) {
        await main.getByText(question.question, { exact: true }).click();
        await seen(main.getByText(question.answer[0] ?? "", { exact: true }));
      }

      // Its trail, shown and in the structured data, and its section marked in the menu; the
      // questions are /faq's structured data, not the product page's.
      const sectionPage = sitePage(product.section);
      const home = sitePage("home");
      const trail = page.getByRole("navigation", { name: copy.breadcrumbLabel, exact: true });
      await seen(trail);
      await expect(trail.getByRole("link")).toHaveText([
        home.headerLabel ?? home.title,
        sectionPage.headerLabel ?? sectionPage.title,
      ]);
      await expect(trail.getByRole("listitem").last()).toHaveText(name);
      const menu = page.getByRole("navigation", { name: shellFile().header.navigationLabel });
      await expect(menu.locator("[aria-current]")).toHaveAttribute("href", sectionPage.path);
      const nodes = await jsonLdNodes(page);
      expect(nodes.map((node) => node["@type"])).not.toContain("FAQPage");
      expect(nodes.find((node) => node["@type"] === "BreadcrumbList")).toMatchObject({
        itemListElement: [
          { position: 1, item: `${SITE_URL}/` },
          {
            position: 2,
            name: sectionPage.headerLabel ?? sectionPage.title,
            item: `${SITE_URL}${sectionPage.path}`,
          },
          { position: 3, name, item: `${SITE_URL}${product.path}` },
        ],
      });
      const image = await page.locator('meta[property="og:image"]').getAttribute("content");
      expect(image).toBe(`${SITE_URL}/social/product-${product.slug}.png`);
      const card = await page.request.get(new URL(image ?? "").pathname);
      expect(card.headers()["content-type"]).toBe("image/png");
    });
  }
});

test("a product page's trail stands on one baseline, and no column heading breaks inside a word, at 320 to 1280 px", async ({
  page,
}) => {
  const product = products.find((candidate) => candidate.approvals) ?? products[0];
  for (const width of [320, MOBILE.width, DESKTOP.width]) {
    await page.setViewportSize({ ...DESKTOP, width });
    await page.goto(product?.path ?? "");
    const at = `at ${width} px`;
    // Where each step's first words end: its baseline, all in one font size.
    const bottoms = await page
      .getByRole("navigation", { name: copy.breadcrumbLabel, exact: true })
      .getByRole("listitem")
      .evaluateAll((steps) =>
        steps.map((step) => {
          const words = document.createRange();
          words.selectNodeContents(step.querySelector("a") ?? step);
          return words.getClientRects()[0]?.bottom ?? 0;
        }),
      );
    expect
      .soft(Math.max(...bottoms) - Math.min(...bottoms), `${bottoms} ${at}`)
      .toBeLessThanOrEqual(1);
    // Each word of a column's heading on one line; a table too wide scrolls in its own box.
    const broken = await page
      .getByRole("main")
      .locator("thead th")
      .evaluateAll((cells) =>
        cells.flatMap((cell) =>
          [...(cell.textContent ?? "").matchAll(/\S+/g)].flatMap(({ 0: word, index }) => {
            const range = document.createRange();
            range.setStart(cell.firstChild ?? cell, index);
            range.setEnd(cell.firstChild ?? cell, index + word.length);
            const lines = new Set([...range.getClientRects()].map((line) => Math.round(line.top)));
            return lines.size > 1 ? [word] : [];
          }),
        ),
      );
    expect.soft(broken, at).toEqual([]);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, at).toBe(0);
  }
});

test("each section page lists every product of its kind, added ones included, in the order its rows describe them", async ({
  page,
}) => {
  for (const section of ["hardware", "software"] as const) {
    await page.goto(sitePage(section).path);
    const list = page.getByRole("region", { name: copy.sectionProducts, exact: true });
    const ofKind = inFeatureOrder(
      products.filter((product) => product.section === section),
      sitePage(section, "product").file,
    );
    await expect(list.getByRole("link")).toHaveText(ofKind.map((product) => product.page.title));
    for (const [index, product] of ofKind.entries()) {
      await expect(list.getByRole("link").nth(index)).toHaveAttribute("href", product.path);
    }
  }
});

test("each feature row about a product links to the product's page; the products meet each case above", async ({
  page,
}) => {
  // A product named by a question, and one no study used (and one a study used, if any).
  expect(products.some((product) => questionsAbout(product.slug).length > 0)).toBe(true);
  expect(products.some((product) => studiesUsing(product.slug).length === 0)).toBe(true);
  if (studies.length > 0)
    expect(products.some((product) => studiesUsing(product.slug).length > 0)).toBe(true);
  for (const id of ["hardware", "software"]) {
    const { path, file } = sitePage(id, "product");
    await page.goto(path);
    for (const row of file.features.filter((candidate) => candidate.product)) {
      const product = products.find((candidate) => candidate.slug === row.product);
      const link = page.getByRole("link", {
        name: copy.moreLink.replaceAll("{product}", product?.page.title ?? ""),
      });
      await expect(link).toHaveAttribute("href", product?.path ?? "");
    }
  }
});

test("/documents lists each product's datasheet and every document, by kind, with number, revision and size, and has its share card", async ({
  page,
  request,
}) => {
  const response = await page.goto("/documents");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(documentsCopy.heading);
  const kindsShown = new Set(["datasheet", ...documents.map((document) => document.kind)]);
  // (The footer's contact details have a heading of their own.)
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
    Object.entries(documentsCopy.kindHeadings)
      .filter(([kind]) => kindsShown.has(kind))
      .map(([, name]) => name),
  );
  const datasheets = products.map((product) => {
    const uploaded = uploadedDatasheetOf(product.slug, documents);
    return {
      href: uploaded?.href ?? product.datasheetPath,
      title: uploaded?.title ?? product.page.title,
      filing: !uploaded && product.datasheet,
    };
  });
  const others = documents
    .filter((document) => !datasheets.some(({ href }) => href === document.href))
    .map(({ href, title }) => ({ href, title, filing: undefined }));
  for (const { href, title, filing } of [...datasheets, ...others]) {
    const link = page.locator(`a[href="${href}"]`);
    await expect(link).toHaveText(new RegExp(`^${title}, .*PDF, \\d+ KB$`));
    const item = page.getByRole("listitem").filter({ has: link });
    if (filing) {
      await expect(item).toContainText(`${copy.documentNumber} ${filing.number}`);
      const date = localDate(filing.revised);
      await expect(item).toContainText(
        copy.revised.replace("{revision}", filing.revision).replace("{date}", date),
      );
    }
  }
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toBe(`${SITE_URL}/social/documents.png`);
  const card = await request.get("/social/documents.png", { maxRedirects: 0 });
  expect([card.status(), card.headers()["content-type"]]).toEqual([200, "image/png"]);
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
  // How to reach a person comes first: in the first screen at a phone's width and a computer's.
  const given = Boolean(
    company.phone || company.whatsapp || company.address || company.officeHours,
  );
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto("/contact");
    const talk = page.getByRole("main").getByRole("region", { name: company.labels.heading });
    await expect(talk).toHaveCount(given ? 1 : 0);
    if (given) {
      await expectSeen(talk, `the contacts in the first screen at ${viewport.width} px`);
    }
  }

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
      // Its card carries its first photo.
      const card = page.getByRole("listitem").filter({ hasText: study.title });
      await expect(card.locator("picture img")).toHaveCount(study.photos?.length ? 1 : 0);
    }
    await page.goto("/");
    const section = page.getByRole("region", { name: studiesCopy.homeSection.heading });
    await expect(section.getByRole("listitem")).toHaveCount(Math.min(2, studies.length));
    await seen(section.getByRole("link", { name: latest.title }));

    // Its page: customer, results, quote and photos at the size they are drawn, in a modern
    // format; Article structured data and a share card.
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
      // Shown with its caption after the part of the story it shows (a quote is a figure).
      const figure = image.locator("xpath=ancestor::figure");
      await expect(figure.locator("figcaption")).toHaveText(photo.caption ?? []);
      const follows = await figure.evaluate((node) => {
        let before = node.previousElementSibling;
        while (before?.matches("figure:has(picture)")) before = before.previousElementSibling;
        return before?.getAttribute("aria-labelledby") ?? (before?.matches("figure") && "quote");
      });
      expect(follows).toBe(photo.after === "quote" && !latest.quote ? "work" : photo.after);
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
    // It ends with a call to action, to the contact page.
    await expect(main.getByRole("link").last()).toHaveAttribute("href", "/contact");
    const article = (await jsonLdNodes(page)).find((node) => node["@type"] === "Article");
    expect(article).toMatchObject({ headline: latest.title, datePublished: latest.date });
    const card = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(card).toMatch(new RegExp(`/social/case-studies/${latest.slug}\\.png$`));
    const image = await request.get(new URL(card ?? "").pathname);
    expect(image.headers()["content-type"]).toBe("image/png");
  });
});
