// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { inlineSvg } from "../../content/pictures";
import type { InfoBlockItem } from "../../content/types";
import { InfoBlock } from "./info-block";

function item(n: number, bulletPoints?: readonly string[]): InfoBlockItem {
  return {
    illustration: {
      svg: inlineSvg('<svg viewBox="0 0 480 360"><rect width="480" height="360"/></svg>', "test"),
      alt: `Picture ${n}`,
      width: 480,
      height: 360,
    },
    featureName: `Feature ${n}`,
    heading: `Heading ${n}`,
    paragraph: `Paragraph ${n}.`,
    bulletPoints,
  };
}

function renderRows(items: readonly InfoBlockItem[]) {
  return render(<InfoBlock items={items} />);
}

/** The row holding a heading: the heading's text column's parent. */
function rowOf(heading: string): HTMLElement {
  const row = screen.getByRole("heading", { name: heading }).parentElement?.parentElement;
  if (!row) throw new Error(`no row for ${heading}`);
  return row;
}

describe("InfoBlock", () => {
  it("shows each row's feature label, heading, paragraph and a sized picture", () => {
    renderRows([item(1), item(2)]);
    for (const n of [1, 2]) {
      const row = rowOf(`Heading ${n}`);
      expect(within(row).getByText(`Feature ${n}`)).toBeInTheDocument();
      expect(within(row).getByText(`Paragraph ${n}.`)).toBeInTheDocument();
      const image = within(row).getByRole("img", { name: `Picture ${n}` });
      expect(image).toHaveAttribute("width", "480");
      expect(image).toHaveAttribute("height", "360");
    }
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(2);
  });

  it("lists bullet points only for rows that have them", () => {
    renderRows([item(1, ["First point", "Second point"]), item(2), item(3, [])]);
    const bullets = within(rowOf("Heading 1")).getByRole("list");
    expect(
      within(bullets)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["First point", "Second point"]);
    expect(within(rowOf("Heading 2")).queryByRole("list")).not.toBeInTheDocument();
    expect(within(rowOf("Heading 3")).queryByRole("list")).not.toBeInTheDocument();
  });

  it("gives every row a Get in Touch link to /contact that names the row's feature", () => {
    renderRows([item(1), item(2)]);
    const links = screen.getAllByRole("link");
    expect(links).toHaveLength(2);
    for (const [index, link] of links.entries()) {
      expect(link).toHaveAttribute("href", "/contact");
      expect(link).toHaveAccessibleName(`Get in Touch about Feature ${index + 1}`);
    }
  });
});
