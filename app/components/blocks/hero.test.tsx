// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { inlineSvg } from "../../content/pictures";
import type { HeroContent } from "../../content/types";
import { Hero } from "./hero";

const content: HeroContent = {
  label: "Test label",
  heading: "Test heading",
  subheading: "Test second heading",
  paragraph: "Test paragraph.",
  illustration: {
    svg: inlineSvg('<svg viewBox="0 0 400 300"><rect width="400" height="300"/></svg>', "test"),
    alt: "Test icon",
    width: 400,
    height: 300,
  },
};

type Options = Omit<ComponentProps<typeof Hero>, "content">;

function renderHero(options: Options = {}) {
  return render(<Hero content={content} {...options} />);
}

describe("Hero", () => {
  it("shows every line of its content, with the heading as the only h1", async () => {
    renderHero();
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading).toHaveTextContent("Test heading");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByText("Test label")).toBeInTheDocument();
    expect(screen.getByText("Test second heading")).toBeInTheDocument();
    expect(screen.getByText("Test paragraph.")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Test heading" })).toBeInTheDocument();
  });

  // Round or plain illustration, and its place on narrow screens, are layout: the browser tests
  // check them as a visitor sees them (tests/e2e/pages.spec.ts, "block layout").
  it("can show a Get in Touch link to /contact", async () => {
    renderHero({ showGetInTouch: true });
    const link = await screen.findByRole("link", { name: /get in touch/i });
    expect(link).toHaveAttribute("href", "/contact");
  });

  it("leaves the Get in Touch button out unless asked", async () => {
    renderHero();
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("link", { name: /get in touch/i })).not.toBeInTheDocument();
  });

  it("draws the picture in the page at its intrinsic size, named by its description", async () => {
    renderHero();
    const image = await screen.findByRole("img", { name: "Test icon" });
    expect(image.tagName).toBe("svg");
    expect(image).toHaveAttribute("width", "400");
    expect(image).toHaveAttribute("height", "300");
    expect(image).toHaveAttribute("viewBox", "0 0 400 300");
    expect(image.querySelector("rect")).not.toBeNull();
  });
});
