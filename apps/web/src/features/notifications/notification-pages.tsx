import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { PagedList } from '../../components/paged-list';
import { countNotifications, type Notification, type NotificationList, notificationPageSize } from './api';
import { NotificationItem } from './notification-item';

/** The pages of a notification list (the user's own, or the announcements), one NotificationItem each. */
export function NotificationPages({
  query,
  page,
  onPage,
  label,
  empty,
  itemProps,
}: {
  query: UseQueryResult<NotificationList>;
  page: number;
  onPage: (page: number) => void;
  label: string;
  empty: string;
  /** What an item does: mark itself read, or open its own page. */
  itemProps: (item: Notification) => Omit<ComponentProps<typeof NotificationItem>, 'item'>;
}) {
  return (
    <PagedList
      query={query}
      count={countNotifications}
      pageSize={notificationPageSize}
      page={page}
      onPage={onPage}
      label={label}
      empty={empty}
    >
      {(list) =>
        list.notifications.map((item) => <NotificationItem key={item.id} item={item} {...itemProps(item)} />)
      }
    </PagedList>
  );
}
