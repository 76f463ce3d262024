/**
 * The texts of the palette's shell, drawn with every signed-in page (its dialog and field): apart
 * from the results' (texts.ts), so the page's first load carries only these.
 */
export const paletteShellTexts = {
  title: 'Search Shipdeck',
  inputLabel: 'Search repositories, pull requests, deployments and pages',
  placeholder: 'Search repositories, pull requests, deployments…',
  /** While the results' code is on its way (the field already takes text). */
  loading: 'Loading…',
  searching: 'Searching…',
} as const;
