import ExitToAppOutlined from '@mui/icons-material/ExitToAppOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useLocaleNavigate } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { useWorkspaceAccess } from '../access';
import { clearSelection } from '../selection';

/**
 * "Leave this workspace" for any member but the owner, whatever its role: the membership id comes with
 * the member's own access information, so leaving needs no permission to read the members list.
 * `item` goes in a menu; `dialog` outside it (a closed menu unmounts its items).
 */
export function useLeaveWorkspace(onChosen: () => void) {
  const { t } = useTranslation('workspace-admin');
  const { workspaceId, memberId, isOwner } = useWorkspaceAccess();
  const navigate = useLocaleNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  if (!workspaceId || !memberId || isOwner) return { item: null, dialog: null };

  const leave = async () => {
    setPending(true);
    try {
      // The members' API (with its schemas) loads when someone leaves, not with every signed-in screen.
      const { adminApi } = await import('../../workspace-settings/api');
      await adminApi.removeMember(workspaceId, memberId);
    } catch {
      setPending(false);
      return; // the API client already said why
    }
    setPending(false);
    setConfirming(false);
    clearSelection();
    await queryClient.invalidateQueries();
    notify.success(t('members.left'));
    navigate('/');
  };

  return {
    item: (
      <MenuItem
        onClick={() => {
          onChosen();
          setConfirming(true);
        }}
        data-testid="leave-workspace"
      >
        <ListItemIcon>
          <ExitToAppOutlined fontSize="small" />
        </ListItemIcon>
        {t('members.leave')}
      </MenuItem>
    ),
    dialog: (
      <ConfirmDialog
        open={confirming}
        title={t('members.leaveTitle')}
        message={t('members.leaveText')}
        confirmLabel={t('members.leave')}
        pending={pending}
        onConfirm={() => void leave()}
        onClose={() => setConfirming(false)}
      />
    ),
  };
}
