import type { ReactNode } from "react";
import type { CaseStudiesPageFile, StoryPart } from "../../content/case-study-schema";
import type { Product } from "../../content/products";
import type { CaseStudy } from "../../content/site-content";
import { localDate, localFigure, withUnit } from "../../lib/figures";
import type { PhotoProps } from "../../lib/study-photos";
import { type GetInTouch, GetInTouchLink } from "../get-in-touch-link";
import { Photo } from "../photo";
import styles from "./case-studies.module.css";

type Labels = CaseStudiesPageFile["labels"];
/** Each study's first photo, by its slug: its cards show it. */
export type CardPhotos = Readonly<Record<string, PhotoProps | undefined>>;

export const caseStudyPath = (slug: string) => `/case-studies/${slug}`;

const figure = (result: CaseStudy["results"][number]) => withUnit(result.value, result.unit);

function Place({ study, labels }: { study: CaseStudy; labels: Labels }) {
  const { kind, town, province } = study.customer;
  return (
    <p className={styles.place}>
      {labels.customerKinds[kind]} · {town}, {province} · {localFigure(study.meters)}{" "}
      {labels.meters}
    </p>
  );
}

/** Cards of studies, newest first, each linking to its page. */
export function CaseStudyCards(props: {
  studies: readonly CaseStudy[];
  labels: Labels;
  photos: CardPhotos;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${props.headingLevel ?? 2}` as const;
  return (
    <ul className={styles.cards}>
      {props.studies.map((study) => {
        const photo = props.photos[study.slug];
        return (
          <li key={study.slug} className={styles.card}>
            {/* The card's title names the study; its photo adds nothing a screen reader needs. */}
            {photo && (
              <Photo photo={{ ...photo, alt: "", sizes: cardSizes }} className={styles.image} />
            )}
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
        );
      })}
    </ul>
  );
}

/** A band of studies: the home page's latest two, or those that used a product. */
export function CaseStudiesSection(props: {
  heading: string;
  studies: readonly CaseStudy[];
  labels: Labels;
  photos: CardPhotos;
  id: string;
}) {
  if (props.studies.length === 0) return null;
  return (
    <section aria-labelledby={props.id} className={styles.band}>
      <div className={styles.inner}>
        <h2 id={props.id} className={styles.bandHeading}>
          {props.heading}
        </h2>
        <CaseStudyCards
          studies={props.studies}
          labels={props.labels}
          photos={props.photos}
          headingLevel={3}
        />
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
  photos: CardPhotos;
}) {
  return (
    <div className={styles.inner}>
      <h1 className={styles.title}>{props.content.heading}</h1>
      <p className={styles.lead}>{props.content.intro}</p>
      <CaseStudyCards studies={props.studies} labels={props.content.labels} photos={props.photos} />
    </div>
  );
}

// A card is at most a third of the page's 72rem column, or a phone's width less its margins.
const cardSizes = "(min-width: 50rem) 24rem, calc(100vw - 2rem)";

/** A study's photo where its story tells it, with its caption when it has one. */
export type StoryPhoto = PhotoProps & { caption?: string; after: StoryPart };

/** A study's own page: its story, each photo after the part it shows, then a Get in Touch link. */
export function CaseStudyArticle(props: {
  study: CaseStudy;
  labels: Labels;
  photos: readonly StoryPhoto[];
  products: readonly Pick<Product, "slug" | "path" | "page">[];
  getInTouch: GetInTouch;
}) {
  const { study, labels } = props;
  const photosAfter = (part: StoryPart) =>
    props.photos
      .filter((photo) => photo.after === part)
      .map((photo) => (
        <figure key={photo.src} className={styles.photo}>
          <Photo photo={photo} className={styles.image} />
          {photo.caption && <figcaption className={styles.caption}>{photo.caption}</figcaption>}
        </figure>
      ));
  const section = (part: "challenge" | "work", heading: string, body: ReactNode) => (
    <section aria-labelledby={part} className={styles.section}>
      <h2 id={part} className={styles.sectionHeading}>
        {heading}
      </h2>
      {body}
    </section>
  );
  const paragraphs = (texts: readonly string[]) =>
    texts.map((paragraph) => <p key={paragraph}>{paragraph}</p>);
  return (
    <article className={styles.inner}>
      <h1 className={styles.title}>{study.title}</h1>
      <Place study={study} labels={labels} />
      <p className={styles.date}>
        <time dateTime={study.date}>{localDate(study.date)}</time>
      </p>
      <p className={styles.lead}>{study.summary}</p>
      <section aria-labelledby="results" className={styles.section}>
        <h2 id="results" className={styles.sectionHeading}>
          {labels.results}
        </h2>
        <ul className={styles.results}>
          {study.results.map((result) => (
            <li key={result.label} className={styles.result}>
              <span className={styles.figure}>{figure(result)}</span> {result.label}
            </li>
          ))}
        </ul>
      </section>
      {photosAfter("results")}
      {section("challenge", labels.challenge, paragraphs(study.challenge))}
      {photosAfter("challenge")}
      {section("work", labels.work, paragraphs(study.work))}
      {photosAfter("work")}
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
      {photosAfter("quote")}
      <section aria-labelledby="products" className={styles.section}>
        <h2 id="products" className={styles.sectionHeading}>
          {labels.products}
        </h2>
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
      <div className={styles.callToAction}>
        <p>{labels.callToAction}</p>
        <GetInTouchLink getInTouch={props.getInTouch} topic={study.title} />
      </div>
    </article>
  );
}
