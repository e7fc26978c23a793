import { queryOptions, useQuery } from '@tanstack/react-query';
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../components/plain/hint';
import { ApiError } from '../../lib/api-error';
import { workspaceKeys, workspacesApi } from './api';
import { currentUserId } from './current-user';
import { clearSelection, getSelectedWorkspaceId, useSelectedWorkspaceId } from './selection';

// What the logged-in user may do in the selected workspace, from the server's access information
//. It only shapes the interface: the server checks every call again.

/** The wildcard the owner and superAccess roles hold. */
export const wildcardPermission = '*';

/** Fresh enough that a role change made by someone else shows within a short while. */
const accessStaleMs = 15_000;

export interface WorkspaceAccess {
  workspaceId: string | null;
  /** The user's own membership (what it sends to leave); null until loaded. */
  memberId: string | null;
  isOwner: boolean;
  loading: boolean;
  can(permission: string): boolean;
}

/** The read of the access information of `userId` in `workspaceId` (query key ['workspace-access', id]). */
export const accessQuery = (workspaceId: string | null, userId: string | null) =>
  queryOptions({
    queryKey: workspaceKeys.access(workspaceId),
    queryFn: async () => {
      const id = workspaceId ?? '';
      try {
        return await workspacesApi.access(id, userId ?? '');
      } catch (error) {
        // Not (or no longer) a member: the selection is stale; the picker takes over.
        if (error instanceof ApiError && error.httpStatus === 403 && getSelectedWorkspaceId() === id)
          clearSelection();
        throw error;
      }
    },
    enabled: Boolean(workspaceId && userId),
    staleTime: accessStaleMs,
  });

/** The access of the logged-in user in the selected workspace. */
export function useWorkspaceAccess(): WorkspaceAccess {
  const workspaceId = useSelectedWorkspaceId();
  const userId = currentUserId();
  const query = useQuery(accessQuery(workspaceId, userId));

  const data = query.data;
  const { isOwner, all, permissions } = useMemo(() => {
    const roles = data?.roles ?? [];
    const held = new Set(roles.flatMap((entry) => entry.permissions));
    const owner = roles.some((entry) => entry.level === 'owner');
    return {
      isOwner: owner,
      all: owner || held.has(wildcardPermission) || roles.some((entry) => entry.role?.superAccess === true),
      permissions: held,
    };
  }, [data]);

  const can = useCallback(
    (permission: string) => Boolean(data) && (all || permissions.has(permission)),
    [data, all, permissions],
  );

  return {
    workspaceId,
    memberId: data?.memberId ?? null,
    isOwner,
    loading: Boolean(workspaceId && userId) && query.isPending,
    can,
  };
}

export interface GateProps {
  permission: string;
  children: ReactNode;
  /** 'hide' (default) renders nothing without the permission; 'disable' renders the child disabled. */
  mode?: 'hide' | 'disable';
}

/**
 * Shows its child only to holders of `permission`. In 'disable' mode the child (a button or another
 * element with a `disabled` prop) stays visible but disabled, with a tooltip saying why; the wrapper
 * is focusable so keyboard and screen-reader users reach the explanation too.
 */
export function Gate({ permission, children, mode = 'hide' }: GateProps) {
  const { t } = useTranslation('workspaces');
  const { can, loading } = useWorkspaceAccess();
  if (can(permission)) return children;
  if (mode === 'hide') return null;
  const disabled = isValidElement(children)
    ? cloneElement(children as ReactElement<{ disabled?: boolean }>, { disabled: true })
    : children;
  // While the access information loads, the control waits disabled without claiming a refusal.
  if (loading) return disabled;
  return (
    <Hint title={t('access.denied')} describeChild>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a disabled control takes no focus; its wrapper does, so keyboard and screen-reader users reach why. */}
      <span tabIndex={0} data-testid="gate-denied" style={{ display: 'inline-flex' }}>
        {disabled}
      </span>
    </Hint>
  );
}
