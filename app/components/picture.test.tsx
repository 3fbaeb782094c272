import { describe, expect, it } from "vitest";
import { pictureNames } from "../content/picture-list";
import { pictureSource } from "../lib/picture-source";
import { inlineSvg } from "./picture";

describe("pictures drawn in the page", () => {
  it.each(pictureNames)("%s can go into a page as it is, sized by its viewBox", (name) => {
    const { attributes, markup, width, height } = inlineSvg(pictureSource(name), name);
    expect(attributes.viewBox).toBe(`0 0 ${width} ${height}`);
    expect(markup).not.toMatch(/<\/?svg\b/);
  });

  it("takes the root's attributes as React props, leaving the size to the picture list", () => {
    const { attributes, markup, width, height } = inlineSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 6" width="8" height="6" stroke-linecap="round"><path d="M0 0h8"/></svg>\n',
      "test",
    );
    expect([width, height]).toEqual([8, 6]);
    expect(attributes).toEqual({ viewBox: "0 0 8 6", strokeLinecap: "round" });
    expect(markup).toBe('<path d="M0 0h8"/>');
  });

  it.each([
    ['<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>', "<script"],
    ['<svg viewBox="0 0 1 1"><rect onclick="alert(1)"/></svg>', "onclick="],
    ['<svg viewBox="0 0 1 1"><rect style="fill:red"/></svg>', "style="],
    ['<svg viewBox="0 0 1 1"><linearGradient id="a"/></svg>', "id="],
    ['<svg viewBox="0 0 1 1"><use href="other.svg#a"/></svg>', "href="],
    ["<p>not a picture</p>", "not one <svg> element"],
  ])(
    "refuses a file that is not one svg, or that the page's policy or other pictures would clash with: %s",
    (source, what) => {
      expect(() => inlineSvg(source, "test")).toThrow(what);
    },
  );
});
