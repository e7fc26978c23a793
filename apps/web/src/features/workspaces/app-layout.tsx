import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { QueryProvider } from '../../app/query-provider';
import { AppBar, shellMaxWidth } from './components/app-bar';

/**
 * The frame of the signed-in screens: the app bar, then the page at a readable width; `children` (the
 * account screens' heading and tabs around their page) stand in for the bare routed page.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  return (
    <QueryProvider>
      <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', color: 'text.primary' }}>
        <AppBar />
        <Box component="main" id="main" sx={{ flex: 1, px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 4 } }}>
          <Box sx={{ maxWidth: shellMaxWidth, mx: 'auto' }}>{children ?? <Outlet />}</Box>
        </Box>
      </Box>
    </QueryProvider>
  );
}
