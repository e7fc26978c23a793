// The backups module's events: what it emits once committed (src/events/bus.ts).

/** A committed backup or restore, emitted for other modules (notifications). */
export interface BackupEvents {
  'backup.created': { workspaceId: string; backupId: string; userId: string };
  'backup.restored': { workspaceId: string; backupId: string; preRestoreBackupId: string; userId: string };
}

// Each module adds its events to the bus's map, so the bus itself imports no module.
declare module '../../events/bus' {
  interface AppEvents extends BackupEvents {}
}
