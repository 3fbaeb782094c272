// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { HeroContent, PageVariant } from "../../content/types";
import { Hero } from "./hero";
import styles from "./hero.module.css";

const content: HeroContent = {
  label: "Test label",
  heading: "Test heading",
  heading2: "Test second heading",
  paragraph: "Test paragraph.",
  icon: { src: "/icon.svg", alt: "Test icon", width: 400, height: 300 },
};

function renderHero(variant: PageVariant) {
  return render(
    <MemoryRouter>
      <Hero content={content} variant={variant} />
    </MemoryRouter>,
  );
}

/** The hashed class name, failing loudly if the stylesheet no longer defines it. */
function cls(name: string): string {
  const hashed = styles[name];
  if (!hashed) throw new Error(`hero.module.css has no .${name}`);
  return hashed;
}

describe("Hero", () => {
  it("shows every line of its content, with the heading as the only h1", async () => {
    renderHero("other");
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading).toHaveTextContent("Test heading");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByText("Test label")).toBeInTheDocument();
    expect(screen.getByText("Test second heading")).toBeInTheDocument();
    expect(screen.getByText("Test paragraph.")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Test heading" })).toBeInTheDocument();
  });

  it("on the home page shows a Get in Touch link to /contact, a round icon and reverses on narrow screens", async () => {
    const { container } = renderHero("home");
    const link = await screen.findByRole("link", { name: /get in touch/i });
    expect(link).toHaveAttribute("href", "/contact");
    const image = screen.getByRole("img", { name: "Test icon" });
    expect(image).toHaveClass(cls("round"));
    expect(image).not.toHaveClass(cls("plain"));
    expect(container.querySelector("section")).toHaveClass(cls("reversedOnMobile"));
  });

  it("on the contact page hides the Get in Touch button", async () => {
    renderHero("contact");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("link", { name: /get in touch/i })).not.toBeInTheDocument();
  });

  it("on other pages shows a plain icon in the normal order, with the button", async () => {
    const { container } = renderHero("other");
    const image = await screen.findByRole("img", { name: "Test icon" });
    expect(image).toHaveClass(cls("plain"));
    expect(image).not.toHaveClass(cls("round"));
    expect(container.querySelector("section")).not.toHaveClass(cls("reversedOnMobile"));
    expect(screen.getByRole("link", { name: /get in touch/i })).toHaveAttribute("href", "/contact");
  });

  it("gives the image its intrinsic size and loads it eagerly", async () => {
    renderHero("other");
    const image = await screen.findByRole("img", { name: "Test icon" });
    expect(image).toHaveAttribute("width", "400");
    expect(image).toHaveAttribute("height", "300");
    expect(image).toHaveAttribute("loading", "eager");
  });
});
