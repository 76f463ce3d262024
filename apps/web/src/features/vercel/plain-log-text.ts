// Build tools colour their output with ANSI escape sequences (ESC [ … m) and Vercel's events
// keep them; a <pre> would show them as stray boxes and bracket codes.
const ansiSequence =
  // eslint-disable-next-line no-control-regex -- matching the escape character is the point
  /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g;

/** A build log line as plain text: escape sequences (colours, cursor moves, links) removed. */
export function plainLogText(text: string): string {
  return text.replace(ansiSequence, '');
}
