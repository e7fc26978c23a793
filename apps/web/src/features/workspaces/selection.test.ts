import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../lib/session';
import { getAppId, getWorkspaceId } from '../../lib/storage';
import { selectApp, selectWorkspace } from './selection';

afterEach(() => localStorage.clear());

describe('the selected workspace and application', () => {
  it('are stored under workspace-id and app-id', () => {
    selectWorkspace('ws-1');
    selectApp('app-1');
    expect(localStorage.getItem('workspace-id')).toBe('ws-1');
    expect(localStorage.getItem('app-id')).toBe('app-1');
  });

  it('forgets the application when another workspace is selected, not when the same one is', () => {
    selectWorkspace('ws-1');
    selectApp('app-1');
    selectWorkspace('ws-1');
    expect(getAppId()).toBe('app-1');
    selectWorkspace('ws-2');
    expect(getWorkspaceId()).toBe('ws-2');
    expect(getAppId()).toBeNull();
  });

  it('are cleared with the session', () => {
    selectWorkspace('ws-1');
    selectApp('app-1');
    clearSession();
    expect(getWorkspaceId()).toBeNull();
    expect(getAppId()).toBeNull();
  });
});
