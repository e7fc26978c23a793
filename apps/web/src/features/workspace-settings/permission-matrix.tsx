import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Permission, Software } from '@wsm/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../components/plain/hint';

export interface SectionGroup {
  key: string;
  name: string;
  permissions: Permission[];
}

export interface SoftwareGroup {
  key: string;
  name: string;
  sections: SectionGroup[];
}

/**
 * The permission catalogue grouped by software and section through each permission's pointers
 * ('software/section'). Sections without permissions are left out; permissions pointing nowhere known
 * gather in one last group, so nothing the server offers is hidden.
 */
export function groupPermissions(
  softwares: readonly Software[],
  permissions: readonly Permission[],
  otherName: string,
): SoftwareGroup[] {
  const placed = new Set<string>();
  const groups: SoftwareGroup[] = [];
  for (const software of softwares) {
    const sections: SectionGroup[] = [];
    for (const section of software.sections) {
      const pointer = `${software.key}/${section.key}`;
      const inSection = permissions.filter((permission) => permission.pointers.includes(pointer));
      for (const permission of inSection) placed.add(permission.id);
      if (inSection.length > 0)
        sections.push({ key: section.key, name: section.name, permissions: inSection });
    }
    if (sections.length > 0) groups.push({ key: software.key, name: software.name, sections });
  }
  const rest = permissions.filter((permission) => !placed.has(permission.id));
  if (rest.length > 0)
    groups.push({
      key: 'other',
      name: otherName,
      sections: [{ key: 'other', name: otherName, permissions: rest }],
    });
  return groups;
}

/** One permission; one the editor does not hold is locked and says why. */
function PermissionCheckbox({
  permission,
  held,
  checked,
  disabled,
  onToggle,
}: {
  permission: Permission;
  held: boolean;
  checked: boolean;
  disabled: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const control = (
    <FormControlLabel
      sx={{ m: 0, minHeight: 40, alignItems: 'center' }}
      disabled={disabled || !held}
      control={
        <Checkbox
          size="small"
          checked={checked}
          onChange={(event) => onToggle(event.target.checked)}
          slotProps={{ input: { 'data-permission': permission.key } as Record<string, string> }}
        />
      }
      label={
        <Stack direction="row" component="span" sx={{ alignItems: 'center', gap: 0.5 }}>
          <span>{permission.name}</span>
          {held ? null : (
            <LockOutlinedIcon
              fontSize="inherit"
              titleAccess={t('matrix.notHeld')}
              sx={{ color: 'text.disabled' }}
            />
          )}
        </Stack>
      }
    />
  );
  return held ? (
    <Box>{control}</Box>
  ) : (
    <Hint title={t('matrix.notHeld')}>
      <Box>{control}</Box>
    </Hint>
  );
}

function SectionBlock({
  software,
  section,
  selected,
  onChange,
  canGrant,
  disabled,
}: {
  software: string;
  section: SectionGroup;
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  canGrant: (key: string) => boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('workspace-admin');
  const id = useId();
  const grantable = section.permissions.filter((permission) => canGrant(permission.key));
  const chosen = section.permissions.filter((permission) => selected.has(permission.id)).length;
  const allGrantableChosen =
    grantable.length > 0 && grantable.every((permission) => selected.has(permission.id));

  const toggle = (permissionId: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(permissionId);
    else next.delete(permissionId);
    onChange(next);
  };
  const toggleSection = (on: boolean) => {
    const next = new Set(selected);
    for (const permission of grantable) {
      if (on) next.add(permission.id);
      else next.delete(permission.id);
    }
    onChange(next);
  };

  return (
    <Box
      role="group"
      aria-labelledby={`${id}-name`}
      data-section={`${software}/${section.key}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, px: 1.5, py: 0.5, bgcolor: 'action.hover', minHeight: 48 }}
      >
        <Checkbox
          size="small"
          checked={allGrantableChosen}
          indeterminate={chosen > 0 && !allGrantableChosen}
          disabled={disabled || grantable.length === 0}
          onChange={(event) => toggleSection(event.target.checked)}
          slotProps={{ input: { 'aria-label': t('matrix.selectSection', { section: section.name }) } }}
        />
        <Typography id={`${id}-name`} component="h4" sx={{ fontWeight: 700, flex: 1 }}>
          {section.name}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('matrix.count', { chosen, total: section.permissions.length })}
        </Typography>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 2,
          px: 1.5,
          py: 1,
        }}
      >
        {section.permissions.map((permission) => (
          <PermissionCheckbox
            key={permission.id}
            permission={permission}
            held={canGrant(permission.key)}
            checked={selected.has(permission.id)}
            disabled={disabled}
            onToggle={(on) => toggle(permission.id, on)}
          />
        ))}
      </Box>
    </Box>
  );
}

/**
 * Checkboxes for every permission, grouped by software and section, each section with a "select all".
 * Permissions the editor does not hold are locked (the server refuses to grant them anyway); with
 * `disabled` (superAccess on, or a role the editor may not change) nothing can be toggled.
 */
export function PermissionMatrix({
  softwares,
  permissions,
  selected,
  onChange,
  canGrant,
  disabled = false,
}: {
  softwares: readonly Software[];
  permissions: readonly Permission[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  canGrant: (permissionKey: string) => boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('workspace-admin');
  const groups = groupPermissions(softwares, permissions, t('matrix.other'));
  return (
    <Stack sx={{ gap: 2 }} aria-label={t('matrix.label')} role="group">
      {groups.map((software) => (
        <Stack key={software.key} sx={{ gap: 1.5 }}>
          <Typography component="h3" variant="subtitle2" sx={{ color: 'text.secondary', fontWeight: 700 }}>
            {software.name}
          </Typography>
          {software.sections.map((section) => (
            <SectionBlock
              key={section.key}
              software={software.key}
              section={section}
              selected={selected}
              onChange={onChange}
              canGrant={canGrant}
              disabled={disabled}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
