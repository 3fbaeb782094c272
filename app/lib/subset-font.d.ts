// subset-font ships no types.
declare module "subset-font";
