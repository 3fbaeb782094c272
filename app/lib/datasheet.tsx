import { createRequire } from "node:module";
import { Document, Font, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { Product } from "../content/products";
import type { SiteShellFile } from "../content/schemas";
import { colourToken } from "../styles/colour-tokens";
import { withUnit } from "./figures";

// A product's datasheet: one A4 page drawn from the same content as its page (decision 0034),
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
const styles = StyleSheet.create({
  page: { padding: 48, fontFamily: "Inter", fontSize: 10.5, lineHeight: 1.45, color: ink },
  company: { fontSize: 11, fontWeight: 700, color: colourToken("color-primary") },
  name: { marginTop: 18, fontSize: 26, fontWeight: 700, lineHeight: 1.2 },
  summary: { marginTop: 10, fontSize: 12, color: muted },
  claims: { marginTop: 18 },
  claim: { flexDirection: "row", marginBottom: 4 },
  bullet: { width: 14, color: colourToken("color-accent"), fontWeight: 700 },
  heading: { marginTop: 24, marginBottom: 8, fontSize: 14, fontWeight: 700 },
  row: { flexDirection: "row", borderBottom: `1pt solid ${border}`, paddingVertical: 6 },
  header: { backgroundColor: colourToken("color-surface-tint"), fontWeight: 700 },
  nameCell: { width: "40%", paddingHorizontal: 6, fontWeight: 700 },
  valueCell: { width: "60%", paddingHorizontal: 6 },
  note: { color: muted, fontSize: 9.5 },
  footer: { position: "absolute", left: 48, right: 48, bottom: 40, color: muted, fontSize: 9.5 },
});

type DatasheetProps = {
  product: Product;
  copy: SiteShellFile["productPage"];
  companyName: string;
  supportEmail: string;
  madeOn: Date;
};

/** The date as a South African reader writes it: "28 November 2026". */
export const datasheetDate = (date: Date) =>
  date.toLocaleDateString("en-ZA", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Africa/Johannesburg",
  });

export function Datasheet({ product, copy, companyName, supportEmail, madeOn }: DatasheetProps) {
  const specifications = product.specifications ?? [];
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
        <Text style={styles.company}>{companyName}</Text>
        <Text style={styles.name}>{product.page.title}</Text>
        <Text style={styles.summary}>{product.page.description}</Text>
        <View style={styles.claims}>
          {product.claims.map((claim) => (
            <View key={claim} style={styles.claim}>
              <Text style={styles.bullet}>•</Text>
              <Text>{claim}</Text>
            </View>
          ))}
        </View>
        {specifications.length > 0 && (
          <View>
            <Text style={styles.heading}>{copy.specificationsHeading}</Text>
            <View style={[styles.row, styles.header]}>
              <Text style={styles.nameCell}>{copy.nameHeader}</Text>
              <Text style={styles.valueCell}>{copy.valueHeader}</Text>
            </View>
            {specifications.map((specification) => (
              <View key={specification.name} style={styles.row} wrap={false}>
                <Text style={styles.nameCell}>{specification.name}</Text>
                <View style={styles.valueCell}>
                  <Text>{withUnit(specification.value, specification.unit)}</Text>
                  {specification.note && <Text style={styles.note}>{specification.note}</Text>}
                </View>
              </View>
            ))}
          </View>
        )}
        <View style={styles.footer} fixed>
          <Text>
            {copy.reachUs} {supportEmail}
          </Text>
          <Text>
            {copy.madeOn} {datasheetDate(madeOn)}.
          </Text>
        </View>
      </Page>
    </Document>
  );
}

const made = new Map<string, Promise<Buffer>>();

/**
 * The datasheet's PDF, made once per build and product: the page weighs it for its link, and
 * the datasheet's route serves it.
 */
export function datasheetPdf(props: DatasheetProps): Promise<Buffer> {
  const key = props.product.slug;
  let pdf = made.get(key);
  if (!pdf) {
    pdf = renderToBuffer(<Datasheet {...props} />);
    made.set(key, pdf);
  }
  return pdf;
}
