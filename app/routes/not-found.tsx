import { siteConfig } from "../config";
import { sitePage } from "../content/pages";
import { notFoundPageCopy } from "../content/site-shell";
import type { Route } from "./+types/not-found";
import styles from "./not-found.module.css";

// Any path we do not know goes home (requirements §2.1). Our server answers such paths with a 302
// itself. For static hosts, this route is prerendered once and shipped as 404.html (see
// scripts/postbuild): a meta refresh sends the visitor home without any JavaScript, and the
// visible link does it for anyone whose browser does not follow the refresh.
const home = sitePage("home").path;

export const meta: Route.MetaFunction = () => [
  { title: `${notFoundPageCopy.title} | ${siteConfig.companyName}` },
  { httpEquiv: "refresh", content: `0; url=${home}` },
  { name: "robots", content: "noindex" },
];

export default function NotFoundPage() {
  return (
    <section className={styles.page}>
      <h1>{notFoundPageCopy.heading}</h1>
      <p>{notFoundPageCopy.paragraph}</p>
      <p>
        <a href={home}>{notFoundPageCopy.homeLink}</a>
      </p>
    </section>
  );
}
