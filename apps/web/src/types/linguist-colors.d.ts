declare module 'virtual:linguist-colors' {
  /** Linguist's colour per language name, e.g. { TypeScript: '#3178c6' }. */
  const colors: Readonly<Record<string, string>>;
  export default colors;
}
