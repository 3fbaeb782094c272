import file from "./home.yaml";
import { productPage } from "./product-page";
import type { ProductPageFile } from "./schemas";

export const homePage = productPage(file as ProductPageFile);
