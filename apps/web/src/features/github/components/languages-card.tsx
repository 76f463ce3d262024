import { errorMessages } from '@shipdeck/shared/messages';
import { Code2 } from 'lucide-react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { languageColor } from '@/utils/language-color';
import { useLanguages } from '../api/get-languages';
import { LanguageDot } from './language-label';

const percentFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** Share of bytes per language, as GitHub's sidebar bar shows it, in Linguist's colours. */
export function LanguagesCard({ owner, repo }: { owner: string; repo: string }) {
  const query = useLanguages(owner, repo);
  return (
    <Card aria-labelledby="languages-title">
      <CardHeader icon={<Code2 />} title="Languages" titleId="languages-title" />
      <CardBody>
        {query.isPending ? (
          <Spinner label="Loading languages…" className="text-zinc-400" />
        ) : query.isError ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            {errorMessages.loadRepositoryData}
          </p>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">No languages detected.</p>
        ) : (
          <>
            <div
              aria-hidden="true"
              className="flex h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
            >
              {query.data.map((language) => (
                <span
                  key={language.name}
                  className="h-full"
                  style={{
                    width: `${language.percent}%`,
                    backgroundColor: languageColor(language.name),
                  }}
                />
              ))}
            </div>
            <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1.5 text-xs">
              {query.data.map((language) => (
                <li key={language.name} className="flex min-w-0 items-center gap-1.5">
                  <LanguageDot language={language.name} />
                  <span className="font-medium wrap-anywhere text-zinc-800 dark:text-zinc-200">
                    {language.name}
                  </span>
                  <span className="text-zinc-500 dark:text-zinc-400">
                    {percentFormat.format(language.percent)}%
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardBody>
    </Card>
  );
}
