import GlobalStyles from '@mui/material/GlobalStyles';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import { toastContainerMounted } from '../lib/notify';
import { useColorMode } from './color-mode';
import { fontFamily } from './theme';

// The one toast container with product-spec.md section 9's settings: bottom-right in ltr and
// bottom-left in rtl; below the lg breakpoint full width at the top. While a dialog is open toasts
// come at the top centre instead: a dialog's buttons sit at its bottom, where a corner toast would
// cover them.

const narrowClass = 'app-toasts--narrow';

const toastStyles = (
  <GlobalStyles
    styles={{
      // Toast colours and corners in step with the theme (paper colour of the dark mode, radius 10).
      ':root': {
        '--toastify-font-family': fontFamily,
        '--toastify-color-dark': '#111a2e',
        '--toastify-toast-bd-radius': '10px',
      },
      '.Toastify__toast': { fontFamily, fontSize: '0.8rem', fontWeight: 500, lineHeight: 1.7 },
      [`.Toastify__toast-container.${narrowClass}`]: {
        width: '100%',
        maxWidth: '100%',
        top: 0,
        left: 0,
        right: 0,
        bottom: 'auto',
        transform: 'none',
        padding: 0,
        margin: 0,
      },
      [`.${narrowClass} .Toastify__toast`]: { borderRadius: 0, marginBottom: 1, width: '100%' },
    }}
  />
);

const dialogOpenNow = () => document.body.querySelector(':scope > .MuiDialog-root') !== null;

/** True while a dialog is open: MUI mounts each one in its own portal, a direct child of <body>. */
function useDialogOpen(): boolean {
  // Read at the first render: the container mounts with the first toast, often raised in a dialog.
  const [open, setOpen] = useState(dialogOpenNow);
  useEffect(() => {
    const check = () => setOpen(dialogOpenNow());
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, []);
  return open;
}

/** The toast container, inside ThemeShell (app.tsx): the theme gives the page's direction. */
export function Toasts() {
  const { mode } = useColorMode();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const dialogOpen = useDialogOpen();
  const rtl = theme.direction === 'rtl';
  // The toasts raised before the container was in go out now (lib/notify.ts).
  useEffect(() => toastContainerMounted(), []);
  return (
    <>
      {toastStyles}
      <ToastContainer
        position={narrow || dialogOpen ? 'top-center' : rtl ? 'bottom-left' : 'bottom-right'}
        className={narrow ? narrowClass : undefined}
        autoClose={5000}
        draggable
        draggablePercent={80}
        pauseOnHover
        pauseOnFocusLoss
        closeOnClick
        role="alert"
        rtl={rtl}
        theme={mode}
        newestOnTop={false}
      />
    </>
  );
}
