import { GithubIcon } from '@/components/icons/github-icon';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useConnectGithub } from '../api/link-github';

type ConnectGithubButtonProps = Pick<ButtonProps, 'variant' | 'size' | 'className'> & {
  label?: string;
};

/** Starts the OAuth flow that connects GitHub to the signed-in account. */
export function ConnectGithubButton({
  label = 'Connect GitHub',
  ...props
}: ConnectGithubButtonProps) {
  const connect = useConnectGithub();
  return (
    <Button
      {...props}
      onClick={() => connect.mutate()}
      loading={connect.isPending || connect.isSuccess}
    >
      {connect.isPending || connect.isSuccess ? null : <GithubIcon />}
      {label}
    </Button>
  );
}
