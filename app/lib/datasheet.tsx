import { createRequire } from "node:module";
import {
  Document,
  Font,
  Image,
  Link,
  Page,
  renderToBuffer,
  StyleSheet,
  Text,
  View,
} from "@react-pdf/renderer";
import sharp from "sharp";
import type { CompanyFile } from "../content/company-schema";
import type { Approval } from "../content/documents";
import type { Product } from "../content/products";
import type { SiteShellFile } from "../content/schemas";
import { colourToken } from "../styles/colour-tokens";
import { localDate, type Specification, specificationTables, withUnit } from "./figures";

// A product's datasheet: A4 pages drawn from the same content as its page (decisions 0034, 0047),
// in Inter's TTF cuts (the share cards' devDependency), embedded so its text can be selected.

const inter = (file: string) =>
  createRequire(import.meta.url).resolve(`@expo-google-fonts/inter/${file}`);
Font.register({
  family: "Inter",
  fonts: [
    { src: inter("400Regular/Inter_400Regular.ttf"), fontWeight: 400 },
    { src: inter("700Bold/Inter_700Bold.ttf"), fontWeight: 700 },
  ],
});
// Words are not broken with hyphens the copy does not have, but for one too long for its column
// (an Afrikaans compound in a specification's name): it breaks, rather than overprint the next.
const longWord = 16;
const breakLongWord = (word: string) =>
  word.length <= longWord ? [word] : (word.match(/.{1,6}/gu) ?? [word]);
Font.registerHyphenationCallback(breakLongWord);

const ink = colourToken("color-ink");
const muted = colourToken("color-ink-muted");
const border = colourToken("color-border");
const tint = colourToken("color-surface-tint");
const styles = StyleSheet.create({
  page: {
    paddingTop: 40,
    paddingHorizontal: 44,
    paddingBottom: 76,
    fontFamily: "Inter",
    fontSize: 9.5,
    lineHeight: 1.4,
    color: ink,
  },
  top: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start" },
  company: { fontSize: 11, fontWeight: 700, color: colourToken("color-primary") },
  filing: { textAlign: "right", color: muted, fontSize: 9 },
  name: { marginTop: 14, fontSize: 24, fontWeight: 700, lineHeight: 1.2 },
  summary: { marginTop: 6, fontSize: 11.5, color: muted },
  lead: { marginTop: 16, flexDirection: "row", gap: 16 },
  claims: { flex: 1 },
  claimsBelow: { marginTop: 12 },
  photo: { flex: 1, height: 190, objectFit: "contain" },
  claim: { flexDirection: "row", marginBottom: 3 },
  bullet: { width: 12, color: colourToken("color-accent"), fontWeight: 700 },
  figures: { flex: 1, backgroundColor: tint, padding: 10 },
  figure: { marginBottom: 6 },
  figureValue: { fontSize: 14, fontWeight: 700, lineHeight: 1.3 },
  figureName: { color: muted, fontSize: 8.5 },
  heading: { marginTop: 18, marginBottom: 4, fontSize: 12, fontWeight: 700 },
  row: { flexDirection: "row", borderBottom: `1pt solid ${border}`, paddingVertical: 4 },
  header: { backgroundColor: tint, fontWeight: 700 },
  nameCell: { width: "40%", paddingHorizontal: 5, fontWeight: 700 },
  valueCell: { width: "60%", paddingHorizontal: 5 },
  cell: { width: "25%", paddingHorizontal: 5 },
  note: { color: muted, fontSize: 8.5 },
  link: { color: colourToken("color-primary") },
  footer: {
    position: "absolute",
    left: 44,
    right: 44,
    bottom: 28,
    paddingTop: 6,
    borderTop: `1pt solid ${border}`,
    color: muted,
    fontSize: 8.5,
  },
  // A document uploaded as a picture: the picture fills the page under its title.
  picturePage: { padding: 44, fontFamily: "Inter", color: ink },
  wholePicture: { flexGrow: 1, marginTop: 16, objectFit: "contain" },
  // Under the contacts, at the right: "Page 1 of 2". Placed from the top of the A4 page (841.89
  // points high): react-pdf leaves out a page number placed from the bottom under a line height.
  pageNumber: {
    position: "absolute",
    left: 44,
    right: 44,
    top: 841.89 - 26,
    textAlign: "right",
    color: muted,
    fontSize: 8.5,
  },
});

type Contact = Pick<CompanyFile, "phone" | "address">;

type DatasheetProps = {
  product: Product;
  copy: SiteShellFile["productPage"];
  companyName: string;
  /** Unset: the datasheet names no address. */
  supportEmail?: string;
  /** The company's own phone and address (company.yaml): none, none printed. */
  company?: Contact;
  approvals?: readonly Approval[];
  /** The site's address: a published certificate is linked from its approval. Unset, no link. */
  siteUrl?: string;
  /** The product's photo or drawing, as datasheetPhoto() makes it from the upload. */
  photo?: { data: Buffer; format: "png" | "jpg" };
};

// Drawn at most 250 points wide: 720 pixels are about 200 per inch, sharp on paper and light.
const photoPixels = 720;

/**
 * The upload as the datasheet embeds it: at most 720 pixels a side (or `pixels`), turned as the
 * camera held it, on white, and written anew without its metadata (where it was taken, by whom). A
 * PNG (a drawing) stays a PNG of few colours; a photo becomes a JPEG.
 */
export async function datasheetPhoto(
  file: string,
  pixels = photoPixels,
): Promise<DatasheetProps["photo"]> {
  const image = sharp(file);
  const { format } = await image.metadata();
  image
    .rotate()
    .resize({ width: pixels, height: pixels, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" });
  return format === "png"
    ? { data: await image.png({ palette: true }).toBuffer(), format: "png" }
    : { data: await image.jpeg({ quality: 80, mozjpeg: true }).toBuffer(), format: "jpg" };
}

/** The footer's one line of how to reach the company: its address and phone as it gives them. */
export const contactLine = (company: Contact | undefined, supportEmail: string | undefined) =>
  [
    company?.address &&
      `${company.address.street}, ${company.address.town} ${company.address.postalCode}`,
    company?.phone,
    supportEmail,
  ]
    .filter(Boolean)
    .join("  ·  ");

function SpecificationTable({
  heading,
  rows,
  copy,
}: {
  heading: string;
  rows: Specification[];
  copy: DatasheetProps["copy"];
}) {
  return (
    <View>
      {/* A table's heading stays with its first rows. */}
      <View wrap={false} minPresenceAhead={60}>
        <Text style={styles.heading}>{heading}</Text>
        <View style={[styles.row, styles.header]}>
          <Text style={styles.nameCell}>{copy.nameHeader}</Text>
          <Text style={styles.valueCell}>{copy.valueHeader}</Text>
        </View>
      </View>
      {rows.map((specification) => (
        <View key={specification.name} style={styles.row} wrap={false}>
          <Text style={styles.nameCell}>{specification.name}</Text>
          <View style={styles.valueCell}>
            <Text>{withUnit(specification.value, specification.unit)}</Text>
            {specification.note && <Text style={styles.note}>{specification.note}</Text>}
          </View>
        </View>
      ))}
    </View>
  );
}

export function Datasheet({
  product,
  copy,
  companyName,
  supportEmail,
  company,
  approvals = [],
  siteUrl,
  photo,
}: DatasheetProps) {
  const specifications = product.specifications ?? [];
  const tables = specificationTables(specifications);
  // The first figures stated, beside what it does: what a reader compares first.
  const keyFigures = specifications.filter((specification) => /\d/.test(specification.value));
  const filing = product.datasheet;
  const claims = (
    <View style={styles.claims}>
      {product.claims.map((claim) => (
        <View key={claim} style={styles.claim}>
          <Text style={styles.bullet}>•</Text>
          <Text>{claim}</Text>
        </View>
      ))}
    </View>
  );
  return (
    <Document
      title={`${product.page.title}: ${copy.datasheet}`}
      author={companyName}
      subject={product.page.description}
      language="en-ZA"
      creator={companyName}
      producer={companyName}
    >
      <Page size="A4" style={styles.page}>
        <View style={styles.top}>
          <Text style={styles.company}>{companyName}</Text>
          {filing && (
            <View style={styles.filing}>
              <Text>
                {copy.documentNumber} {filing.number}
              </Text>
              <Text>
                {copy.revised
                  .replaceAll("{revision}", filing.revision)
                  .replaceAll("{date}", localDate(filing.revised))}
              </Text>
            </View>
          )}
        </View>
        <Text style={styles.name}>{product.page.title}</Text>
        <Text style={styles.summary}>{product.page.description}</Text>
        <View style={styles.lead}>
          {photo ? <Image src={photo} style={styles.photo} /> : claims}
          {keyFigures.length > 0 && (
            <View style={styles.figures}>
              {keyFigures.slice(0, 4).map((specification) => (
                <View key={specification.name} style={styles.figure}>
                  <Text style={styles.figureValue}>
                    {withUnit(specification.value, specification.unit)}
                  </Text>
                  <Text style={styles.figureName}>{specification.name}</Text>
                </View>
              ))}
            </View>
          )}
        </View>
        {photo && <View style={styles.claimsBelow}>{claims}</View>}
        {tables.map(({ group, rows }) => (
          <SpecificationTable
            key={group}
            heading={group || copy.specificationsHeading}
            rows={rows}
            copy={copy}
          />
        ))}
        {approvals.length > 0 && (
          <View>
            <View wrap={false} minPresenceAhead={60}>
              <Text style={styles.heading}>{copy.approvalsHeading}</Text>
              <View style={[styles.row, styles.header]}>
                {Object.values(copy.approvalHeaders).map((header) => (
                  <Text key={header} style={styles.cell}>
                    {header}
                  </Text>
                ))}
              </View>
            </View>
            {approvals.map((approval) => (
              <View key={approval.certificate} style={styles.row} wrap={false}>
                <Text style={styles.cell}>{approval.standard}</Text>
                <Text style={styles.cell}>
                  {approval.href && siteUrl ? (
                    <Link src={`${siteUrl}${approval.href}`} style={styles.link}>
                      {approval.certificate}
                    </Link>
                  ) : (
                    approval.certificate
                  )}
                </Text>
                <Text style={styles.cell}>{approval.issuedBy}</Text>
                <Text style={styles.cell}>{localDate(approval.issued)}</Text>
              </View>
            ))}
          </View>
        )}
        <View style={styles.footer} fixed>
          {contactLine(company, supportEmail) && (
            <Text>
              {copy.reachUs} {contactLine(company, supportEmail)}
            </Text>
          )}
        </View>
        <Text
          style={styles.pageNumber}
          fixed
          render={({ pageNumber, totalPages }) =>
            copy.pageOf
              .replaceAll("{page}", String(pageNumber))
              .replaceAll("{pages}", String(totalPages))
          }
        />
      </Page>
    </Document>
  );
}

const made = new Map<string, Promise<Buffer>>();

/**
 * The datasheet's PDF, made once per build and product: the page and /documents weigh it for
 * their links, and the datasheet's route serves it. `photoFile` is the product's upload.
 */
export function datasheetPdf({
  photoFile,
  ...props
}: Omit<DatasheetProps, "photo"> & { photoFile?: string }): Promise<Buffer> {
  const key = props.product.slug;
  let pdf = made.get(key);
  if (!pdf) {
    pdf = (photoFile ? datasheetPhoto(photoFile) : Promise.resolve(undefined)).then((photo) =>
      renderToBuffer(<Datasheet {...props} photo={photo} />),
    );
    made.set(key, pdf);
  }
  return pdf;
}

// A whole A4 page's picture: 2,000 pixels a side, about 200 per inch, so a scan stays legible.
const pagePixels = 2000;

/**
 * The PDF a document uploaded as a picture (PNG, JPEG or WebP) is served as: one A4 page, its
 * title above the picture, which is fitted within the margins (decision 0060).
 */
export async function picturePdf(file: string, title: string): Promise<Buffer> {
  const picture = await datasheetPhoto(file, pagePixels);
  return renderToBuffer(
    <Document title={title} language="en-ZA">
      <Page size="A4" style={styles.picturePage}>
        <Text style={styles.name}>{title}</Text>
        {picture && <Image src={picture} style={styles.wholePicture} />}
      </Page>
    </Document>,
  );
}
