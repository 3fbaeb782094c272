import { iconSvg, renderPng } from "../lib/share-cards";
import { appleTouchIcon, manifestIcons } from "../lib/site-icons";

type Icon = (typeof manifestIcons)[number] | typeof appleTouchIcon;

export const getStaticPaths = () =>
  [...manifestIcons, appleTouchIcon].map((icon) => ({
    params: { icon: icon.path.slice(1, -".png".length) },
    props: { icon },
  }));

export const GET = ({ props: { icon } }: { props: { icon: Icon } }) =>
  new Response(new Uint8Array(renderPng(iconSvg(icon.purpose), icon.size)), {
    headers: { "content-type": "image/png" },
  });
