/**
 * The site's pictures, drawn in the page as `<svg>` (app/components/picture.tsx, decision
 * 0023): the only svg elements with a preserveAspectRatio, which sets them apart from the icons.
 */
export const PICTURE = "svg[preserveAspectRatio]";
