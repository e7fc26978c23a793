import Stack from '@mui/material/Stack';
import { AccessGate } from '../workspace-settings/components/no-access';
import { permissions } from '../workspace-settings/grant';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

/**
 * /workspace/settings/integrations: how other systems reach the workspace, for holders of
 * tenant_integrations_manage. Each kind of integration is a section of its own.
 */
export function Component() {
  return (
    <AccessGate permission={permissions.integrationsManage}>
      {(workspaceId) => (
        <Stack sx={{ gap: 3 }}>
          <ApiKeysSection workspaceId={workspaceId} />
          <WebhooksSection workspaceId={workspaceId} />
        </Stack>
      )}
    </AccessGate>
  );
}
