import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useNavigate, useRoutes } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify, toastContainerMounted } from '../lib/notify';
import { useDismissToastsOnNavigation, useDismissToastsOnStep } from '../lib/use-step-toasts';
import { BrowserRouter, createAppHistory } from './browser-router';
import { lazyPage } from './lazy-page';

const dismissed = vi.spyOn(toast, 'dismiss');
// As in the app, where src/app/toasts.tsx mounts the container with the first toast.
beforeAll(() => toastContainerMounted());
let clock = Date.parse('2026-11-23T10:00:00Z');

beforeEach(() => {
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
  dismissed.mockClear();
});
afterEach(() => {
  cleanup();
  notify.dismissRaisedBefore(Number.POSITIVE_INFINITY);
  vi.mocked(Date.now).mockRestore();
});

function Page({ name, next }: { name: string; next: string }) {
  useDismissToastsOnNavigation();
  const navigate = useNavigate();
  return (
    <>
      <h1>{name}</h1>
      <button type="button" onClick={() => void navigate(next)}>
        next
      </button>
      <button
        type="button"
        onClick={() => {
          notify.success('Saved');
          void navigate(next);
        }}
      >
        save and go
      </button>
    </>
  );
}

function renderPages() {
  const router = createMemoryRouter(
    [
      { path: '/one', element: <Page name="one" next="/two" /> },
      { path: '/two', element: <Page name="two" next="/one" /> },
    ],
    { initialEntries: ['/one'] },
  );
  render(<RouterProvider router={router} />);
}

describe('toasts do not outlive their step', () => {
  it('a new page dismisses the toast of the page before', async () => {
    renderPages();
    const old = notify.error('That code is wrong');
    clock += 5_000;
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    await screen.findByRole('heading', { name: 'two' });
    expect(dismissed).toHaveBeenCalledWith(old);
  });

  it('keeps the toast raised by the click that navigated', async () => {
    renderPages();
    await userEvent.click(screen.getByRole('button', { name: 'save and go' }));
    await screen.findByRole('heading', { name: 'two' });
    expect(dismissed).not.toHaveBeenCalled();
  });

  it("keeps the toast raised by the click that navigated while the next page's file loads, in the app's router", async () => {
    let fileArrives: (() => void) | undefined;
    const Two = lazyPage(async () => {
      await new Promise<void>((resolve) => {
        fileArrives = resolve;
      });
      return () => <Page name="two" next="/one" />;
    });
    function Layout() {
      useDismissToastsOnNavigation();
      return <Outlet />;
    }
    function AppPages() {
      return useRoutes([
        {
          element: <Layout />,
          children: [
            { path: '/one', element: <Page name="one" next="/two" /> },
            { path: '/two', element: <Two /> },
          ],
        },
      ]);
    }
    window.history.replaceState(null, '', '/one');
    render(
      <BrowserRouter history={createAppHistory()}>
        <Suspense fallback={null}>
          <AppPages />
        </Suspense>
      </BrowserRouter>,
    );
    await act(() => userEvent.click(screen.getByRole('button', { name: 'save and go' })));
    await waitFor(() => expect(fileArrives).toBeDefined());
    clock += 5_000;
    await act(async () => fileArrives?.());
    await screen.findByRole('heading', { name: 'two' });
    expect(dismissed).not.toHaveBeenCalled();
  });

  it('a new step of one page dismisses the toast of the step before', async () => {
    function Steps() {
      const [step, setStep] = useState(1);
      useDismissToastsOnStep(step);
      return (
        <button type="button" onClick={() => setStep(step + 1)}>
          step {step}
        </button>
      );
    }
    render(<Steps />);
    const old = notify.info('A new code was sent');
    expect(dismissed).not.toHaveBeenCalled();
    clock += 5_000;
    await act(() => userEvent.click(screen.getByRole('button', { name: 'step 1' })));
    expect(screen.getByRole('button', { name: 'step 2' })).toBeInTheDocument();
    expect(dismissed).toHaveBeenCalledWith(old);
  });
});
