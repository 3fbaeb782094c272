// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { HeroContent } from "../../content/types";
import { Hero } from "./hero";
import styles from "./hero.module.css";

const content: HeroContent = {
  label: "Test label",
  heading: "Test heading",
  subheading: "Test second heading",
  paragraph: "Test paragraph.",
  illustration: { src: "/icon.svg", alt: "Test icon", width: 400, height: 300 },
};

type Options = Omit<ComponentProps<typeof Hero>, "content">;

function renderHero(options: Options = {}) {
  return render(
    <MemoryRouter>
      <Hero content={content} {...options} />
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
    renderHero();
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading).toHaveTextContent("Test heading");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByText("Test label")).toBeInTheDocument();
    expect(screen.getByText("Test second heading")).toBeInTheDocument();
    expect(screen.getByText("Test paragraph.")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Test heading" })).toBeInTheDocument();
  });

  it("can show a Get in Touch link to /contact, a round illustration and put it first on narrow screens", async () => {
    const { container } = renderHero({
      showGetInTouch: true,
      roundIllustration: true,
      illustrationFirstWhenNarrow: true,
    });
    const link = await screen.findByRole("link", { name: /get in touch/i });
    expect(link).toHaveAttribute("href", "/contact");
    const image = screen.getByRole("img", { name: "Test icon" });
    expect(image).toHaveClass(cls("round"));
    expect(image).not.toHaveClass(cls("plain"));
    expect(container.querySelector("section")).toHaveClass(cls("illustrationFirstWhenNarrow"));
  });

  it("leaves the Get in Touch button out unless asked", async () => {
    renderHero();
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("link", { name: /get in touch/i })).not.toBeInTheDocument();
  });

  it("shows a plain illustration after the text by default", async () => {
    const { container } = renderHero({ showGetInTouch: true });
    const image = await screen.findByRole("img", { name: "Test icon" });
    expect(image).toHaveClass(cls("plain"));
    expect(image).not.toHaveClass(cls("round"));
    expect(container.querySelector("section")).not.toHaveClass(cls("illustrationFirstWhenNarrow"));
    expect(screen.getByRole("link", { name: /get in touch/i })).toHaveAttribute("href", "/contact");
  });

  it("gives the image its intrinsic size and loads it eagerly", async () => {
    renderHero();
    const image = await screen.findByRole("img", { name: "Test icon" });
    expect(image).toHaveAttribute("width", "400");
    expect(image).toHaveAttribute("height", "300");
    expect(image).toHaveAttribute("loading", "eager");
  });
});
