import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client';
import { featureTestHarness, renderScreen } from '../../test/feature-harness';
import { server } from '../../test/server';
import { AppsPage } from './apps-page';
import { sendEarlyReads, takeEarlyRead } from './early-reads';
import { frameReadsWaitMs, startFrameReads } from './first-reads';
import { selectWorkspace } from './selection';
import { accessPath, application, ownerAccess, workspace } from './test-fixtures';

const reads = {
  workspaces: 'GET /v1/workspaces/',
  invitations: 'GET /v1/workspaces/members/identity/invitations/',
  applications: 'GET /v1/workspaces/profile/applications/workspace-id/ws-1/',
  access: `GET ${accessPath}`,
};

const api = featureTestHarness({ userId: 'u1' });
beforeEach(() => {
  api.on(reads.workspaces, [workspace('ws-1', 'Acme', 'owner', null)]);
  api.on(reads.invitations, []);
  api.on(reads.applications, [application({ id: 'a1', key: 'shop', name: 'shop', title: 'Online shop' })]);
  api.on(reads.access, ownerAccess);
});

// The app's own cache, with its freshness rules: what the screens would find.
afterEach(() => queryClient.clear());
const callsOf = (route: string) => api.calls(route).length;

/** The applications screen, drawn from the app's cache (what the frame's first reads left there). */
async function showApps() {
  await renderScreen(<AppsPage />, {
    path: '/en/workspace/apps',
    pattern: '/:locale/workspace/apps',
    locale: 'en',
    queryClient,
  });
  expect(await screen.findByRole('heading', { name: 'Online shop' })).toBeInTheDocument();
}

describe('the signed-in frame reads its data before it is drawn', { timeout: 30_000 }, () => {
  it('starts the workspaces, invitations, applications and access reads; the screen then asks none again', async () => {
    selectWorkspace('ws-1');
    await startFrameReads();
    expect(Object.values(reads).map(callsOf)).toEqual([1, 1, 1, 1]);

    await showApps();
    expect(Object.values(reads).map(callsOf)).toEqual([1, 1, 1, 1]);
  });

  it('with no workspace chosen, reads only the workspaces and the invitations', async () => {
    await startFrameReads();
    expect(api.requests).toHaveLength(2);
    expect([reads.workspaces, reads.invitations].map(callsOf)).toEqual([1, 1]);
  });

  it('a server that does not answer holds the frame back no longer than the wait', async () => {
    vi.useFakeTimers();
    try {
      server.use(http.all('*', () => delay('infinite')));
      let drawn = false;
      const reading = startFrameReads().then(() => {
        drawn = true;
      });
      await vi.advanceTimersByTimeAsync(frameReadsWaitMs - 1);
      expect(drawn).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await reading;
      expect(drawn).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without a session, asks nothing (the guards send the visit to the login)', async () => {
    for (const name of ['accessToken', 'refreshCsrf']) Cookies.remove(name, { path: '/' });
    selectWorkspace('ws-1');
    await startFrameReads();
    expect(queryClient.isFetching()).toBe(0);
    expect(api.requests).toEqual([]);
  });

  it("sent early, before the frame's code is in, each read is asked once: the frame and the screen take their answers", async () => {
    selectWorkspace('ws-1');
    sendEarlyReads();
    await vi.waitFor(() => expect(Object.values(reads).map(callsOf)).toEqual([1, 1, 1, 1]));
    await startFrameReads();
    await showApps();
    expect(Object.values(reads).map(callsOf)).toEqual([1, 1, 1, 1]);
  });

  it('an early answer no read took is dropped, never served stale later', async () => {
    selectWorkspace('ws-1');
    queryClient.setQueryData(['workspaces'], [workspace('ws-1', 'Cached', 'owner', null)]);
    sendEarlyReads();
    await startFrameReads();
    expect(takeEarlyRead('/v1/workspaces/')).toBeUndefined();
  });

  it('an early read that fails fails the read that takes it, as its own request would', async () => {
    api.on(reads.access, () => ({ status: 403, statusCode: 403 }));
    selectWorkspace('ws-1');
    sendEarlyReads();
    await startFrameReads();
    expect(queryClient.getQueryState(['workspace-access', 'ws-1'])?.status).toBe('error');
    expect(callsOf(reads.access)).toBe(1);
  });
});
