/**
 * A name's possessive as English writes it: "Metsi Systems’s" is wrong, "Metsi Systems’" right;
 * any other name takes ’s. The apostrophe is the one the surrounding copy uses.
 */
export const possessive = (name: string, apostrophe: "'" | "’" = "’") =>
  /s$/i.test(name.trim()) ? `${name}${apostrophe}` : `${name}${apostrophe}s`;
