import file from "./hardware.yaml";
import { productPage } from "./product-page";
import type { ProductPageFile } from "./schemas";

export const hardwarePage = productPage(file as ProductPageFile);
