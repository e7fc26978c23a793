// The search box of the paged lists (roles, members, invitations, directory, backups, sessions): what
// was typed is matched anywhere in a column, literally.

/** A LIKE pattern matching `text` anywhere, with its wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What joins the fields of a kept search text (the directory's and the members', migration 0032): a term
 * holding it could match across two fields there, so such a term is also tested field by field.
 */
export const searchTextSeparator = '\u0001';
