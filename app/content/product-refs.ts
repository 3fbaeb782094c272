import { z } from "zod";

// The products a case study or a question names, by slug. Until the products collection
// (issue 39) is on main, this list stands in for it; the merge switches productRef to a
// reference to that collection's entries.
export const productSlugs = [
  "smart-water-meter",
  "data-connection-unit",
  "routing-module",
  "client-app",
  "device-management-centre",
] as const;

export type ProductSlug = (typeof productSlugs)[number];

/** A field naming one product, as the editor offers it: a choice from the list. */
export const productRef = () =>
  z.enum(productSlugs).meta({ title: "Product", hint: "One of the company's products" });
