const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { max-width: 34rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; }
  .card { border: 1px solid #8884; border-radius: 8px; padding: 1.25rem; }
  .note { font-size: .85rem; opacity: .75; }
  ul { list-style: none; padding: 0; }
  li { margin: .4rem 0; }
  button { font: inherit; width: 100%; text-align: left; padding: .6rem .8rem; border-radius: 6px; border: 1px solid #8886; background: transparent; cursor: pointer; }
  button:hover, button:focus-visible { border-color: #2da44e; outline: 2px solid #2da44e55; }
  button.primary { border-color: #2da44e; }
  code { font-size: .85rem; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}
