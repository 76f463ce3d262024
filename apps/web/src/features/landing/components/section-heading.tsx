type SectionHeadingProps = { id: string; eyebrow: string; title: string; description: string };

export function SectionHeading({ id, eyebrow, title, description }: SectionHeadingProps) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-medium text-blue-600 dark:text-blue-400">{eyebrow}</p>
      <h2
        id={id}
        className="mt-2 text-2xl font-semibold tracking-tight text-balance text-zinc-950 sm:text-3xl dark:text-zinc-50"
      >
        {title}
      </h2>
      <p className="mt-3 text-base text-pretty text-zinc-600 dark:text-zinc-400">{description}</p>
    </div>
  );
}
