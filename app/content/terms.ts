import { legalPage } from "./legal-page";
import type { LegalPageFile } from "./schemas";
import file from "./terms.yaml";

export const termsPage = legalPage(file as LegalPageFile);
