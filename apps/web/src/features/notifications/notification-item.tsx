import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatAgo, formatDate } from '../../lib/dates';
import { LocaleLink, useLocale } from '../../lib/locale-navigation';
import type { Notification } from './api';

// Read by screen readers, not shown. Sizes are strings: in `sx` a bare 1 means 100%, which made this
// unwrapped text as wide as its line and pushed the page sideways at phone width.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** One notification or announcement: unread ones carry a dot and a "mark as read" button. */
export function NotificationItem({
  item,
  onRead,
  detailPath,
}: {
  item: Notification;
  onRead?: (id: string) => void;
  detailPath?: string;
}) {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const internal = item.link?.startsWith('/');
  return (
    <ListItem divider alignItems="flex-start" data-testid="notification-item" data-read={item.read}>
      <Stack direction="row" sx={{ gap: 1.5, width: '100%' }}>
        <Box
          aria-hidden="true"
          sx={{
            width: 8,
            height: 8,
            mt: 1,
            borderRadius: '50%',
            flexShrink: 0,
            bgcolor: item.read || !onRead ? 'transparent' : 'primary.main',
          }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: item.read ? 500 : 700 }}>
            {detailPath ? (
              <Link component={LocaleLink} to={detailPath} underline="hover" color="inherit">
                {item.title}
              </Link>
            ) : (
              item.title
            )}
            {item.read || !onRead ? null : (
              <Box component="span" sx={visuallyHidden}>
                {` (${t('list.unread')})`}
              </Box>
            )}
          </Typography>
          {item.body ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, whiteSpace: 'pre-line' }}>
              {item.body}
            </Typography>
          ) : null}
          <Stack direction="row" sx={{ gap: 1.5, mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              variant="caption"
              sx={{ color: 'text.secondary' }}
              title={formatDate(item.createdDate, locale, t, 'dateTime')}
            >
              {formatAgo(item.createdDate, t)}
            </Typography>
            {item.link ? (
              internal ? (
                <Link component={LocaleLink} to={item.link} variant="caption">
                  {t('list.open')}
                </Link>
              ) : (
                <Link href={item.link} variant="caption" target="_blank" rel="noopener noreferrer">
                  {t('list.open')}
                </Link>
              )
            ) : null}
            {onRead && !item.read ? (
              <Button size="small" onClick={() => onRead(item.id)}>
                {t('list.markRead')}
              </Button>
            ) : null}
          </Stack>
        </Box>
      </Stack>
    </ListItem>
  );
}
