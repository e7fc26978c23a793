import {
  customIssueMessages,
  type Locale,
  type Profile,
  type ProfileUpdateRequest,
  StatusCode,
} from '@wsm/contracts';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { imageRef, isUserImage } from '../assets/images';
import type { UserLanguage } from '../identity/schema';
import { getUser, setUserLanguage, setUserNames } from '../identity/service';
import { genderById, genderRow, languageById, languageRow } from './reference';
import * as repo from './repository';
import type { UserProfileRow } from './schema';

const invalid = (path: string, key: string, locale: Locale) =>
  new AppError(StatusCode.validation, {
    data: { errors: [{ path, message: customIssueMessages[key]![locale] }] },
  });

/** The caller's profile, its reference rows in the request's language. */
export async function getProfile(deps: AppDeps, userId: string, locale: Locale): Promise<Profile> {
  const user = await getUser(deps, userId);
  if (!user) throw new AppError(StatusCode.unauthorized);
  const row = await repo.ensureProfile(deps.database.db, userId);
  return view(row, user, locale);
}

function view(
  row: UserProfileRow,
  user: { firstName: string | null; lastName: string | null; language: UserLanguage },
  locale: Locale,
): Profile {
  return {
    id: row.id,
    userId: row.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    gender: genderRow(row.gender, locale),
    birthDate: row.birthDate,
    // Until the user picks one, the language messages are sent in.
    language: languageRow(row.language ?? user.language, locale),
    image: imageRef(row.imageId),
    mode: row.mode,
  };
}

/**
 * Updates any of the profile's fields. Unknown gender or language ids and images the caller did not
 * upload answer 400 with the field's path; nothing is changed then.
 */
export async function updateProfile(
  deps: AppDeps,
  userId: string,
  input: ProfileUpdateRequest,
  locale: Locale,
): Promise<Profile> {
  const db = deps.database.db;
  const gender =
    input.genderId === undefined || input.genderId === null ? input.genderId : genderById(input.genderId);
  if (gender === undefined && input.genderId) throw invalid('genderId', 'unknown_gender', locale);
  const language = input.languageId === undefined ? undefined : languageById(input.languageId);
  if (input.languageId !== undefined && !language) throw invalid('languageId', 'unknown_language', locale);
  if (input.imageId && !(await isUserImage(db, userId, input.imageId)))
    throw invalid('imageId', 'unknown_image', locale);

  await repo.ensureProfile(db, userId);
  await repo.updateProfile(
    db,
    userId,
    {
      ...(input.genderId !== undefined ? { gender: gender ? gender.key : null } : {}),
      ...(input.birthDate !== undefined ? { birthDate: input.birthDate } : {}),
      ...(language ? { language: language.key } : {}),
      ...(input.imageId !== undefined ? { imageId: input.imageId } : {}),
      ...(input.mode !== undefined ? { mode: input.mode } : {}),
    },
    new Date(),
  );
  if (input.firstName !== undefined || input.lastName !== undefined)
    await setUserNames(deps, userId, {
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
    });
  // The profile language is the account's language: codes, messages and the web app's startup locale.
  if (language) await setUserLanguage(deps, userId, language.key);
  return getProfile(deps, userId, locale);
}
