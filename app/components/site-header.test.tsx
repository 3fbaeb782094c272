// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SiteHeader } from "./site-header";

// Opening, closing, Escape and focus are the browser's own popover behaviour, which jsdom does
// not have: tests/e2e/shell.spec.ts checks them in Chromium with JavaScript turned off.
const links = [
  { label: "Home", href: "/" },
  { label: "Hardware", href: "/hardware" },
];
const copy = { navigationLabel: "Main", menuButtonLabel: "Menu", homeLinkLabel: "Home page" };

function renderHeader(currentPath: string) {
  render(<SiteHeader copy={copy} companyName="Metsi" links={links} currentPath={currentPath} />);
  return screen.getByRole("button", { name: "Menu" });
}

describe("SiteHeader", () => {
  it("marks the current page's link", () => {
    renderHeader("/hardware");
    // jsdom hides a closed popover's content from the accessibility tree, as browsers do.
    const link = (name: string) => screen.getByRole("link", { name, hidden: true });
    expect(link("Hardware")).toHaveAttribute("aria-current", "page");
    expect(link("Home")).not.toHaveAttribute("aria-current");
  });

  it("makes the link list a popover the menu button opens, with both icons for CSS to swap", () => {
    const button = renderHeader("/");
    const list = document.getElementById(button.getAttribute("popovertarget") ?? "");
    expect(list).toHaveRole("list");
    expect(list).toHaveAttribute("popover", "auto");
    expect(list?.querySelectorAll("a")).toHaveLength(links.length);
    expect(button.querySelector('[data-icon="menu"]')).not.toBeNull();
    expect(button.querySelector('[data-icon="close"]')).not.toBeNull();
    // The browser reports the expanded state itself; a fixed attribute would contradict it.
    expect(button).not.toHaveAttribute("aria-expanded");
  });
});
