import { productPage } from "./product-page";
import type { ProductPageFile } from "./schemas";
import file from "./software.yaml";

export const softwarePage = productPage(file as ProductPageFile);
