// Imported first by the entry point: React picks its build by NODE_ENV when it is first loaded,
// and its development build renders the staff pages at twice the CPU (checks and warnings a
// visitor never sees). The server runs the production build unless the environment names one.
process.env.NODE_ENV ??= "production";
