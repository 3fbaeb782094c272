// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import type { HeroFile } from "../../content/schemas";
import { Hero } from "./hero";

const content: HeroFile = {
  label: "Test label",
  heading: "Test heading",
  subheading: "Test second heading",
  paragraph: "Test paragraph.",
  illustration: { picture: "real-time-control", alt: "Test picture" },
};
const getInTouch = { label: "Talk to us", about: "about {topic}", href: "/contact" };

function renderHero(options: Omit<ComponentProps<typeof Hero>, "content"> = {}) {
  return render(<Hero content={content} {...options} />);
}

describe("Hero", () => {
  it("shows every line of its content, with the heading as the only h1", () => {
    renderHero();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Test heading");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    for (const text of [content.label, content.subheading, content.paragraph]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole("region", { name: "Test heading" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Test picture" }).tagName).toBe("svg");
  });

  it("shows the Get in Touch link only when given one", () => {
    renderHero().unmount();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    renderHero({ getInTouch });
    expect(screen.getByRole("link", { name: "Talk to us" })).toHaveAttribute("href", "/contact");
  });
});
