// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ProductPageFile } from "../../content/schemas";
import { InfoListBlock } from "./info-list-block";

const content: ProductPageFile["highlights"] = {
  heading: "Main heading",
  intro: "Main paragraph.",
  columns: [1, 2, 3].map((n) => ({
    icon: "icon-leak" as const,
    heading: `Column ${n}`,
    description: `Column paragraph ${n}.`,
  })),
};

describe("InfoListBlock", () => {
  it("shows the heading and paragraph, then one column per entry in order", () => {
    render(<InfoListBlock content={content} />);
    expect(screen.getByRole("region", { name: "Main heading" })).toBeInTheDocument();
    expect(screen.getByText("Main paragraph.")).toBeInTheDocument();
    const columns = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(columns).toHaveLength(3);
    columns.forEach((column, index) => {
      expect(within(column).getByRole("heading", { level: 3 })).toHaveTextContent(
        `Column ${index + 1}`,
      );
      expect(column).toHaveTextContent(`Column paragraph ${index + 1}.`);
    });
  });
});
