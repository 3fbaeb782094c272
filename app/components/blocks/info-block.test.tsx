// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ProductPageFile } from "../../content/schemas";
import { InfoBlock } from "./info-block";

type Item = ProductPageFile["features"][number];
const item = (n: number, bulletPoints?: string[]): Item => ({
  illustration: { picture: "smart-water-meter", alt: `Picture ${n}` },
  featureName: `Feature ${n}`,
  heading: `Heading ${n}`,
  paragraph: `Paragraph ${n}.`,
  bulletPoints,
});
const getInTouch = { label: "Talk to us", about: "about {topic}", href: "/contact" };

/** The row holding a heading, found as the region a visitor reads it in. */
const rowOf = (heading: string) => {
  const row = screen.getByRole("heading", { name: heading }).closest("div[class]")?.parentElement;
  if (!row) throw new Error(`no row for ${heading}`);
  return row;
};

describe("InfoBlock", () => {
  it("lists bullet points only for rows that have them", () => {
    render(
      <InfoBlock
        items={[item(1, ["First", "Second"]), item(2), item(3, [])]}
        getInTouch={getInTouch}
      />,
    );
    const bullets = within(rowOf("Heading 1")).getByRole("list");
    expect(
      within(bullets)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["First", "Second"]);
    expect(within(rowOf("Heading 2")).queryByRole("list")).not.toBeInTheDocument();
    expect(within(rowOf("Heading 3")).queryByRole("list")).not.toBeInTheDocument();
  });
});
