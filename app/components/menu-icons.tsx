// The header's two menu icons, drawn here rather than taken from lucide-react: the header is
// part of the one page that starts the app, and lucide's runtime would be shipped just for them.
// Shapes from Lucide's "menu" and "x" (ISC licence).

type MenuIconProps = { className?: string; "data-icon": string };

const strokeProps = {
  xmlns: "http://www.w3.org/2000/svg",
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

export function MenuIcon(props: MenuIconProps) {
  return (
    <svg aria-hidden="true" {...strokeProps} {...props}>
      <path d="M4 5h16" />
      <path d="M4 12h16" />
      <path d="M4 19h16" />
    </svg>
  );
}

export function CloseIcon(props: MenuIconProps) {
  return (
    <svg aria-hidden="true" {...strokeProps} {...props}>
      <path d="M18 6 6 18" />
      <path d="m6 6 12 12" />
    </svg>
  );
}
