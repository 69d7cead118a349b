declare module '*.md' {
  // A module declaration cannot import at top level, so the type is referenced inline.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const doc: import('./markdown').ContentDoc;
  export default doc;
}
