// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { InfoListContent } from "../../content/types";
import { InfoListBlock } from "./info-list-block";
import styles from "./info-list-block.module.css";

const content: InfoListContent = {
  heading: "Main heading",
  intro: "Main paragraph.",
  columns: [1, 2, 3].map((n) => ({
    icon: { src: `/icon-${n}.svg`, alt: "", width: 64, height: 64 },
    heading: `Column ${n}`,
    description: `Column paragraph ${n}.`,
  })),
};

function cls(name: string): string {
  const hashed = styles[name];
  if (!hashed) throw new Error(`info-list-block.module.css has no .${name}`);
  return hashed;
}

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

  it("puts a divider before every column but the first", () => {
    render(<InfoListBlock content={content} />);
    const columns = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(columns[0]).not.toHaveClass(cls("divided"));
    expect(columns[1]).toHaveClass(cls("divided"));
    expect(columns[2]).toHaveClass(cls("divided"));
  });

  it("marks a row of four or more columns, which shows two by two on mid-width screens", () => {
    const { unmount } = render(<InfoListBlock content={content} />);
    expect(screen.getByRole("list")).not.toHaveClass(cls("many"));
    unmount();
    const fourth = {
      icon: { src: "/icon-4.svg", alt: "", width: 64, height: 64 },
      heading: "Column 4",
      description: "Column paragraph 4.",
    };
    render(<InfoListBlock content={{ ...content, columns: [...content.columns, fourth] }} />);
    expect(screen.getByRole("list")).toHaveClass(cls("many"));
  });

  it("sizes the grid to the number of columns and gives icons their intrinsic size", () => {
    const { container } = render(<InfoListBlock content={content} />);
    expect(screen.getByRole("list").style.getPropertyValue("--columns")).toBe("3");
    const icons = container.querySelectorAll("img");
    expect(icons).toHaveLength(3);
    for (const icon of icons) {
      expect(icon).toHaveAttribute("alt", "");
      expect(icon).toHaveAttribute("width", "64");
      expect(icon).toHaveAttribute("height", "64");
      expect(icon).toHaveAttribute("loading", "lazy");
    }
  });
});
