// The search box of the paged lists (roles, members, invitations, directory, backups, sessions): what
// was typed is matched anywhere in a column, literally.

/** A LIKE pattern matching `text` anywhere, with its wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
