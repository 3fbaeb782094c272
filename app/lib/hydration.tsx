import { type ComponentType, createElement } from "react";

// Pages are prerendered and ship no JavaScript, except for an island: a component whose markup
// the page renders at build time and which React hydrates on its own in the browser, from a
// small module of ours rather than the framework's client runtime (decision 0011). The page
// carries the island's props as a JSON data block, so the island's module needs no page content.

/** JSON that cannot end its <script> element early or open a comment inside it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

type IslandProps<P extends object> = {
  /** The container's id; its props block is `${id}-props`. */
  id: string;
  /** The URL of the module that hydrates the island, for its loader to import. */
  module: string;
  component: ComponentType<P>;
  /** Plain data: they travel as JSON. */
  props: P;
};

/** The island's props block and its container, rendered with the component inside. */
export function Island<P extends object>({ id, module, component, props }: IslandProps<P>) {
  return (
    <>
      <script
        id={`${id}-props`}
        type="application/json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped; never run.
        dangerouslySetInnerHTML={{ __html: jsonForScript(props) }}
      />
      <div id={id} data-island={module}>
        {createElement(component, props)}
      </div>
    </>
  );
}

/** The props the page rendered an island's container with, read back in the browser. */
export function readIslandProps<P>(container: HTMLElement): P {
  const block = document.getElementById(`${container.id}-props`);
  if (!block?.textContent) throw new Error(`No props block for the island #${container.id}`);
  return JSON.parse(block.textContent) as P;
}
