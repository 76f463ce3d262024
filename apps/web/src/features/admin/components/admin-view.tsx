import { ScrollText, Settings2, Ticket, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/features/auth/hooks/use-session';
import { AdminOnlyNotice } from './admin-only-notice';
import { AuditLogSection } from './audit-log-section';
import { InvitationsSection } from './invitations-section';
import { SettingsSection } from './settings-section';
import { UsersSection } from './users-section';

const SECTIONS = [
  { value: 'users', label: 'Users', icon: Users, Section: UsersSection },
  { value: 'invitations', label: 'Invitations', icon: Ticket, Section: InvitationsSection },
  { value: 'settings', label: 'Settings', icon: Settings2, Section: SettingsSection },
  { value: 'audit', label: 'Audit log', icon: ScrollText, Section: AuditLogSection },
] as const;

type SectionName = (typeof SECTIONS)[number]['value'];

function sectionOf(value: string | null): SectionName {
  return SECTIONS.find((section) => section.value === value)?.value ?? 'users';
}

/**
 * The instance's accounts, invitations, settings and audit log, one tab each (only the open
 * tab's data is fetched). The tab is in the address (`?tab=`), so a reload or a shared link
 * opens the same one. A member is told the page is not for them: the server would refuse every
 * request anyway.
 */
export function AdminView() {
  const user = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  if (user.role === 'member') return <AdminOnlyNotice />;
  const current = sectionOf(searchParams.get('tab'));
  return (
    <Tabs
      value={current}
      onValueChange={(value) =>
        setSearchParams(sectionOf(value) === 'users' ? {} : { tab: value }, { replace: true })
      }
    >
      <TabsList aria-label="Admin sections" className="mb-6">
        {SECTIONS.map(({ value, label, icon: Icon }) => (
          <TabsTrigger key={value} value={value}>
            {/* Below 640 px the four labels fit the width only without their icons. */}
            <Icon aria-hidden="true" className="max-sm:hidden" />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {SECTIONS.map(({ value, Section }) => (
        <TabsContent key={value} value={value}>
          <Section />
        </TabsContent>
      ))}
    </Tabs>
  );
}
