import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditAction, auditPageSchema, auditPaths } from '@wsm/contracts';
import { apiClient, unwrap } from '../../lib/api-client';
import { adminKeys } from './api';

// The audit log's calls: a page of entries and the CSV of the same filters.

/** The filters as the screen holds them: days are ISO calendar dates (YYYY-MM-DD) of the person's calendar day. */
export interface AuditFilters {
  actor?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

export const auditPageSize = 20;

/** The start of a calendar day where the browser is, as an instant. */
function startOfDay(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/**
 * The query of the filters. Days are sent as the instants that bound them where the person is (the
 * times the log shows are in the same zone), "to" inclusive to its last millisecond.
 */
export function auditParams(filters: AuditFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.actor) params.actor = filters.actor;
  if (filters.action) params.action = filters.action;
  if (filters.from) params.from = startOfDay(filters.from).toISOString();
  if (filters.to) {
    const next = startOfDay(filters.to);
    next.setDate(next.getDate() + 1);
    params.to = new Date(next.getTime() - 1).toISOString();
  }
  return params;
}

export const auditApi = {
  list: async (workspaceId: string, page: number, filters: AuditFilters) =>
    auditPageSchema.parse(
      await unwrap(
        apiClient.get(auditPaths.list(workspaceId), {
          params: { page, pageSize: auditPageSize, ...auditParams(filters) },
        }),
      ),
    ),
};

/** Fetches the CSV of the filters with the user's token and hands it to the browser as a download. */
export async function downloadAuditCsv(workspaceId: string, filters: AuditFilters): Promise<void> {
  const response = await apiClient.get<Blob>(auditPaths.export(workspaceId), {
    params: auditParams(filters),
    responseType: 'blob',
  });
  const disposition = response.headers['content-disposition'] as string | undefined;
  const name = disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? 'audit-log.csv';
  const url = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download manager; the page no longer needs it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export const useAuditLog = (workspaceId: string, page: number, filters: AuditFilters) =>
  useQuery({
    // Under the workspace's admin key: any settings change refreshes the log too.
    queryKey: [...adminKeys.workspace(workspaceId), 'audit', page, filters],
    queryFn: () => auditApi.list(workspaceId, page, filters),
    placeholderData: keepPreviousData,
  });
