import { languageColor } from '@/utils/language-color';

/** A language name after a dot in GitHub Linguist's colour for it (grey when unknown). */
export function LanguageLabel({ language }: { language: string | null }) {
  if (!language) return null;
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <LanguageDot language={language} />
      <span className="wrap-anywhere">{language}</span>
    </span>
  );
}

export function LanguageDot({ language }: { language: string | null }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/15"
      style={{ backgroundColor: languageColor(language) }}
    />
  );
}
