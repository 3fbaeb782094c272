import type { LegalPageFile } from "../../app/content/schemas";

/** Every string a content object shows, image addresses left out: what the content tests read. */
export function visibleCopy(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return "";
  return Object.entries(value)
    .filter(([key]) => key !== "src")
    .map(([, inner]) => visibleCopy(inner))
    .join("\n");
}

/** The visible copy of one section of a legal document, found by its anchor id. */
export function sectionText(document: Pick<LegalPageFile, "sections">, id: string): string {
  const section = document.sections.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`no section ${id}`);
  return visibleCopy(section);
}
