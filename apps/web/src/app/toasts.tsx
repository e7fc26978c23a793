import GlobalStyles from '@mui/material/GlobalStyles';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type CloseButtonProps, ToastContainer } from 'react-toastify';
import { toastContainerMounted } from '../lib/notify';
import { useColorMode } from './color-mode';
import { fontFamily } from './theme';

// The one toast container, in one place whatever raised the toast: at the top, just below the app
// bar, at the end corner from the lg breakpoint and full width below it (the spec's other settings
// otherwise: auto-close, dragging, font). Never over the app bar, and never over a dialog's buttons,
// which sit at its bottom: a corner at the bottom would cover them in a tall dialog, at every width.

const narrowClass = 'app-toasts--narrow';
const appBarHeight = '--app-bar-height';

const toastStyles = (
  <GlobalStyles
    styles={{
      // Toast colours and corners in step with the theme (paper colour of the dark mode, radius 10).
      ':root': {
        '--toastify-font-family': fontFamily,
        '--toastify-color-dark': '#111a2e',
        '--toastify-toast-bd-radius': '10px',
        // The app bar's height (components/plain/signed-in.css: a 48 px row, 6 px padding twice and a
        // 1 px border); the public pages' header is no taller.
        [appBarHeight]: '61px',
        '--toastify-toast-top': `calc(var(${appBarHeight}) + var(--toastify-toast-offset))`,
      },
      '.Toastify__toast': { fontFamily, fontSize: '0.8rem', fontWeight: 500, lineHeight: 1.7 },
      [`.Toastify__toast-container.${narrowClass}`]: {
        width: '100%',
        maxWidth: '100%',
        top: `var(${appBarHeight})`,
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

/** The close button of react-toastify's markup, named in the page's language (its own says "close"). */
function CloseButton({ closeToast, theme }: CloseButtonProps) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t('actions.close')}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/** The toast container, inside ThemeShell (app.tsx): the theme gives the page's direction. */
export function Toasts() {
  const { mode } = useColorMode();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const rtl = theme.direction === 'rtl';
  // The toasts raised before the container was in go out now (lib/notify.ts).
  useEffect(() => toastContainerMounted(), []);
  return (
    <>
      {toastStyles}
      <ToastContainer
        position={narrow ? 'top-center' : rtl ? 'top-left' : 'top-right'}
        className={narrow ? narrowClass : undefined}
        closeButton={CloseButton}
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
