import type { NamedKey } from '@wsm/contracts';
import { useTranslation } from 'react-i18next';

/** "Owner", the role's name, or "Member" for a member without a role. */
export function MemberLevel({ level, role }: { level: 'owner' | 'member'; role: NamedKey | null }) {
  const { t } = useTranslation('workspaces');
  if (level === 'owner') return t('level.owner');
  return role ? role.name : t('level.member');
}
