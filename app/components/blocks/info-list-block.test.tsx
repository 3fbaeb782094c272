// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { inlineSvg } from "../../content/pictures";
import type { InfoListContent } from "../../content/types";
import { InfoListBlock } from "./info-list-block";

const content: InfoListContent = {
  heading: "Main heading",
  intro: "Main paragraph.",
  columns: [1, 2, 3].map((n) => ({
    icon: {
      svg: inlineSvg('<svg viewBox="0 0 64 64"><rect width="64" height="64"/></svg>', "test"),
      alt: "",
      width: 64,
      height: 64,
    },
    heading: `Column ${n}`,
    description: `Column paragraph ${n}.`,
  })),
};

describe("InfoListBlock", () => {
  it("shows the main heading and paragraph, then one column per entry in order", () => {
    render(<InfoListBlock content={content} />);
    expect(screen.getByRole("region", { name: "Main heading" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Main heading");
    expect(screen.getByText("Main paragraph.")).toBeInTheDocument();
    const columns = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(columns).toHaveLength(3);
    for (const [index, column] of columns.entries()) {
      const n = index + 1;
      expect(within(column).getByRole("heading", { level: 3 })).toHaveTextContent(`Column ${n}`);
      expect(column).toHaveTextContent(`Column paragraph ${n}.`);
    }
  });

  it("sizes the grid to the number of columns and gives icons their intrinsic size", () => {
    const { container } = render(<InfoListBlock content={content} />);
    expect(screen.getByRole("list").style.getPropertyValue("--columns")).toBe("3");
    // Decorative: hidden from assistive technology, so query the DOM directly.
    expect(screen.queryAllByRole("img")).toHaveLength(0);
    const icons = container.querySelectorAll("li > svg");
    expect(icons).toHaveLength(3);
    for (const icon of icons) {
      expect(icon).toHaveAttribute("aria-hidden", "true");
      expect(icon).toHaveAttribute("width", "64");
      expect(icon).toHaveAttribute("height", "64");
    }
  });
});
