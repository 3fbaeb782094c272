// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteHeader } from "./site-header";

function renderHeader(path = "/") {
  const Stub = createRoutesStub([{ path: "*", Component: () => <SiteHeader /> }]);
  render(<Stub initialEntries={[path]} />);
  return screen.getByRole("button", { name: "Menu" });
}

describe("SiteHeader", () => {
  it("marks the current page's link", () => {
    renderHeader("/hardware");
    expect(screen.getByRole("link", { name: "Hardware" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  it("toggles the menu and swaps the icons", async () => {
    const button = renderHeader();
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button.querySelector('[data-icon="menu"]')).not.toBeNull();
    await userEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(button.querySelector('[data-icon="close"]')).not.toBeNull();
    expect(button.querySelector('[data-icon="menu"]')).toBeNull();
    await userEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("closes on Escape and gives focus back to the button", async () => {
    const button = renderHeader();
    await userEvent.click(button);
    screen.getByRole("link", { name: "Software" }).focus();
    await userEvent.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });

  it("closes when a link is followed", async () => {
    const button = renderHeader();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole("link", { name: "Contact" }));
    expect(button).toHaveAttribute("aria-expanded", "false");
  });
});
