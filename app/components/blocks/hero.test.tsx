// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
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

describe("Hero", () => {
  it("is a region named by its heading, with the Get in Touch link only when given one", () => {
    render(<Hero content={content} />).unmount();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    render(<Hero content={content} getInTouch={getInTouch} />);
    expect(screen.getByRole("region", { name: content.heading })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Talk to us" })).toHaveAttribute("href", "/contact");
  });
});
