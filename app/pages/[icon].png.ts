import { iconSvg, renderPng } from "../lib/share-cards";
import { type AppIcon, appleTouchIcon, manifestIcons } from "../lib/site-icons";

// The app icons the manifest and iOS name, drawn from the logo mark.
export const getStaticPaths = () =>
  [...manifestIcons, appleTouchIcon].map((icon) => ({
    params: { icon: icon.path.slice(1, -".png".length) },
    props: { icon },
  }));

export const GET = ({ props }: { props: { icon: AppIcon } }) =>
  new Response(new Uint8Array(renderPng(iconSvg(props.icon.purpose), props.icon.size)), {
    headers: { "content-type": "image/png" },
  });
