import { describe, expect, it } from "vitest";
import { pageList } from "./page-list";
import { productPageContent } from "./product-page";

const productPages = pageList.flatMap((page) => (page.kind === "product" ? [page.id] : []));

describe("product page content", () => {
  it.each(productPages)("%s describes every picture and decorates only the column icons", (id) => {
    const page = productPageContent(id);
    expect(page.hero.illustration.alt).not.toBe("");
    for (const item of page.features) expect(item.illustration.alt).not.toBe("");
    for (const column of page.highlights.columns) expect(column.icon.alt).toBe("");
  });
});
