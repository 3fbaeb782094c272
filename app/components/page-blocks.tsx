import type { ReactNode } from "react";
import type {
  ContactPageFile,
  FaqPageFile,
  LegalPageFile,
  ProductPageFile,
} from "../content/schemas";
import { Hero } from "./blocks/hero";
import { InfoBlock, type ProductLinks } from "./blocks/info-block";
import { InfoListBlock } from "./blocks/info-list-block";
import type { GetInTouch } from "./get-in-touch-link";
import { type InformationOfficer, LegalDocument } from "./legal-document";
import { FaqGroups } from "./proof/faq-list";
import { SectionProducts, type SectionProductsProps } from "./section-products";

type PageBlocksProps = { getInTouch: GetInTouch; supportEmail?: string } & (
  | {
      kind: "product";
      content: ProductPageFile;
      roundHero?: boolean;
      productLinks?: ProductLinks;
      /** On a section's page (/hardware, /software): every product of its kind. */
      sectionProducts?: SectionProductsProps;
    }
  | { kind: "legal"; content: LegalPageFile; informationOfficer?: InformationOfficer }
  | { kind: "faq"; content: FaqPageFile }
  | { kind: "contact"; content: ContactPageFile; children?: ReactNode; heroAside?: ReactNode }
);

// A page's blocks by its kind, as the page and the editor's preview show them. The contact
// page's banner is followed by its form block, the children.
export function PageBlocks(props: PageBlocksProps) {
  const { content, getInTouch, supportEmail } = props;
  return (
    <>
      <Hero
        content={content.hero}
        getInTouch={props.kind === "contact" ? undefined : getInTouch}
        round={props.kind === "product" && props.roundHero}
      >
        {props.kind === "contact" && props.heroAside}
      </Hero>
      {props.kind === "product" && (
        <>
          <InfoListBlock content={props.content.highlights} />
          {props.sectionProducts && <SectionProducts {...props.sectionProducts} />}
          <InfoBlock
            items={props.content.features}
            getInTouch={getInTouch}
            productLinks={props.productLinks}
          />
        </>
      )}
      {props.kind === "legal" && (
        <LegalDocument
          content={props.content}
          supportEmail={supportEmail}
          contactHref={getInTouch.href}
          informationOfficer={props.informationOfficer}
        />
      )}
      {props.kind === "faq" && <FaqGroups content={props.content} />}
      {props.kind === "contact" && props.children}
    </>
  );
}
