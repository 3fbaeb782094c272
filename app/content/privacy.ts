import { legalPage } from "./legal-page";
import file from "./privacy.yaml";
import type { LegalPageFile } from "./schemas";

export const privacyPage = legalPage(file as LegalPageFile);
