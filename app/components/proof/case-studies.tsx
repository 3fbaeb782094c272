import type { CaseStudiesPageFile } from "../../content/case-study-schema";
import type { Product } from "../../content/products";
import type { CaseStudy } from "../../content/site-content";
import { withUnit } from "../../lib/figures";
import type { PhotoProps } from "../../lib/study-photos";
import { Photo } from "../photo";
import styles from "./case-studies.module.css";

type Labels = CaseStudiesPageFile["labels"];

export const caseStudyPath = (slug: string) => `/case-studies/${slug}`;

const figure = (result: CaseStudy["results"][number]) => withUnit(result.value, result.unit);

function Place({ study, labels }: { study: CaseStudy; labels: Labels }) {
  const { kind, town, province } = study.customer;
  return (
    <p className={styles.place}>
      {labels.customerKinds[kind]} · {town}, {province} · {study.meters.toLocaleString("en-ZA")}{" "}
      {labels.meters}
    </p>
  );
}

/** Cards of studies, newest first, each linking to its page. */
export function CaseStudyCards(props: {
  studies: readonly CaseStudy[];
  labels: Labels;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${props.headingLevel ?? 2}` as const;
  return (
    <ul className={styles.cards}>
      {props.studies.map((study) => (
        <li key={study.slug} className={styles.card}>
          <Heading className={styles.cardHeading}>
            <a href={caseStudyPath(study.slug)} className={styles.cardLink}>
              {study.title}
            </a>
          </Heading>
          <Place study={study} labels={props.labels} />
          <p>{study.summary}</p>
          {study.results[0] && (
            <p className={styles.cardResult}>
              <strong>{figure(study.results[0])}</strong> {study.results[0].label}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A band of studies: the home page's latest two, or those that used a product. */
export function CaseStudiesSection(props: {
  heading: string;
  studies: readonly CaseStudy[];
  labels: Labels;
  id: string;
}) {
  if (props.studies.length === 0) return null;
  return (
    <section aria-labelledby={props.id} className={styles.band}>
      <div className={styles.inner}>
        <h2 id={props.id} className={styles.bandHeading}>
          {props.heading}
        </h2>
        <CaseStudyCards studies={props.studies} labels={props.labels} headingLevel={3} />
        <p>
          <a href="/case-studies" className={styles.allLink}>
            {props.labels.allStudies}
          </a>
        </p>
      </div>
    </section>
  );
}

/** /case-studies: the heading, the introduction and every study. */
export function CaseStudyIndex(props: {
  content: CaseStudiesPageFile;
  studies: readonly CaseStudy[];
}) {
  return (
    <div className={styles.inner}>
      <h1 className={styles.title}>{props.content.heading}</h1>
      <p className={styles.lead}>{props.content.intro}</p>
      <CaseStudyCards studies={props.studies} labels={props.content.labels} />
    </div>
  );
}

/** A study's own page. */
export function CaseStudyArticle(props: {
  study: CaseStudy;
  labels: Labels;
  photos: readonly PhotoProps[];
  products: readonly Pick<Product, "slug" | "path" | "page">[];
}) {
  const { study, labels, photos } = props;
  return (
    <article className={styles.inner}>
      <h1 className={styles.title}>{study.title}</h1>
      <Place study={study} labels={labels} />
      <p className={styles.date}>
        <time dateTime={study.date}>
          {new Date(study.date).toLocaleDateString("en-ZA", {
            day: "numeric",
            month: "long",
            year: "numeric",
            timeZone: "UTC",
          })}
        </time>
      </p>
      <p className={styles.lead}>{study.summary}</p>
      <section aria-labelledby="results" className={styles.section}>
        <h2 id="results">{labels.results}</h2>
        <ul className={styles.results}>
          {study.results.map((result) => (
            <li key={result.label} className={styles.result}>
              <span className={styles.figure}>{figure(result)}</span> {result.label}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="challenge" className={styles.section}>
        <h2 id="challenge">{labels.challenge}</h2>
        {study.challenge.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      <section aria-labelledby="work" className={styles.section}>
        <h2 id="work">{labels.work}</h2>
        {study.work.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      {study.quote && (
        <figure className={styles.quote}>
          <blockquote>
            <p>{study.quote.text}</p>
          </blockquote>
          <figcaption>
            {study.quote.name}, {study.quote.role}
          </figcaption>
        </figure>
      )}
      <section aria-labelledby="products" className={styles.section}>
        <h2 id="products">{labels.products}</h2>
        <ul>
          {props.products
            .filter((product) => study.products.includes(product.slug))
            .map((product) => (
              <li key={product.slug}>
                <a href={product.path}>{product.page.title}</a>
              </li>
            ))}
        </ul>
      </section>
      {photos.length > 0 && (
        <section aria-label={labels.photos} className={styles.photos}>
          {photos.map((photo) => (
            <Photo key={photo.src} photo={photo} className={styles.image} />
          ))}
        </section>
      )}
    </article>
  );
}
