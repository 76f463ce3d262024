import { Eye, EyeOff } from 'lucide-react';

type PasswordVisibilityToggleProps = {
  visible: boolean;
  onToggle: () => void;
  controls: string;
};

export function PasswordVisibilityToggle({
  visible,
  onToggle,
  controls,
}: PasswordVisibilityToggleProps) {
  const label = visible ? 'Hide password' : 'Show password';
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={label}
      title={label}
      aria-controls={controls}
      className="rounded p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
    >
      {visible ? (
        <EyeOff aria-hidden="true" className="size-4" />
      ) : (
        <Eye aria-hidden="true" className="size-4" />
      )}
    </button>
  );
}
