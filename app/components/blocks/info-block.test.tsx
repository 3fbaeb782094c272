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
  it("shows each row's feature name, heading, paragraph and described picture", () => {
    render(<InfoBlock items={[item(1), item(2)]} getInTouch={getInTouch} />);
    for (const n of [1, 2]) {
      const row = rowOf(`Heading ${n}`);
      expect(within(row).getByText(`Feature ${n}`)).toBeInTheDocument();
      expect(within(row).getByText(`Paragraph ${n}.`)).toBeInTheDocument();
      expect(within(row).getByRole("img", { name: `Picture ${n}` })).toBeInTheDocument();
    }
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(2);
  });

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

  it("gives every row a Get in Touch link that names the row's feature", () => {
    render(<InfoBlock items={[item(1), item(2)]} getInTouch={getInTouch} />);
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/contact", "/contact"]);
    links.forEach((link, index) => {
      expect(link).toHaveAccessibleName(`Talk to us about Feature ${index + 1}`);
    });
  });
});
