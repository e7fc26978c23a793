import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';
import { customIssueMessages, issueMessage } from './issue-messages';
import type { Locale } from './status-codes';

// Every validation message is written for people in every language: whatever a schema of this
// package can raise, neither catalogue lets zod's developer wording ("Too small: expected string to
// have >=8 characters", "Invalid input: expected string, received number") through.

type Issue = z.core.$ZodIssue;
const locales: Locale[] = ['fa', 'en', 'ar'];

/** Zod's own wording, which people must never read. */
const developerWording =
  /expected|received|Invalid (input|option|string|email)|Too (small|big)|>=|<=|Unrecognized/;

function checkMessages(issue: Issue): void {
  const custom = customIssueMessages[issue.message];
  for (const locale of locales) {
    const text = issueMessage(issue, locale);
    const where = `${locale} ${issue.code} ${issue.path.join('.')}: ${text}`;
    expect(text.trim(), where).not.toBe('');
    expect(text, where).not.toBe(issue.message === '' || custom ? undefined : issue.message);
    expect(text, where).not.toMatch(developerWording);
    // An example to copy (name@example.com) is kept whole in a left-to-right isolate.
    const own = text.replace(/\u2066[^\u2069]*\u2069/g, '');
    if (locale === 'fa') {
      expect(own, where).not.toMatch(/[0-9]/); // Persian digits in fa
      // No bare Latin run in a Persian text: "a-z، ۰-۹، _ و ." reads scrambled right to left.
      expect(own, where).not.toMatch(/[A-Za-z]/);
    }
    if (locale === 'ar') {
      expect(own, where).not.toMatch(/[0-9۰-۹]/); // Arabic-Indic digits in ar
      expect(own, where).not.toMatch(/[A-Za-z]/);
    }
  }
}

/** Every zod schema the package exports (requests, responses, fields). */
function exportedSchemas(): [string, z.ZodType][] {
  const schemas: [string, z.ZodType][] = [];
  for (const [name, value] of Object.entries(contracts) as [string, unknown][])
    if (value instanceof z.ZodType) schemas.push([name, value]);
  return schemas;
}

/** Values that break a field in as many ways as possible: missing, empty, wrong type, too long, too big, wrong form. */
const fieldProbes: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'x',
  'not a valid value',
  'x'.repeat(5000),
  -1,
  0,
  1e15,
  1.5,
  true,
  [],
  Array.from({ length: 500 }, () => 'x'),
  {},
  '1800-01-01',
  '09123',
  '1234567890',
  'Password',
  '12345678',
];

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let inner: unknown = schema;
  // Unwrap the wrappers around an object (pipes, refinements, optional, nullable…).
  for (let depth = 0; depth < 8 && inner instanceof z.ZodType; depth += 1) {
    if (inner instanceof z.ZodObject) return inner.shape as Record<string, z.ZodType>;
    const def = (inner as { _zod: { def: { innerType?: unknown; in?: unknown; schema?: unknown } } })._zod
      .def;
    inner = def.innerType ?? def.in ?? def.schema;
  }
  return undefined;
}

/** What decides an issue's text: one issue of each kind is enough to check. */
const kindOf = (issue: Issue): string => {
  const { path: _path, ...rest } = issue as Issue & { path: unknown };
  return JSON.stringify(rest, (key, value) => (key === 'errors' || key === 'issues' ? undefined : value));
};

/** The distinct kinds of issue a schema raises for the probes, whole and field by field. */
function issuesOf(schema: z.ZodType, into = new Map<string, Issue>()): Map<string, Issue> {
  const collect = (value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) for (const issue of result.error.issues) into.set(kindOf(issue), issue);
  };
  for (const probe of fieldProbes) collect(probe);
  const shape = shapeOf(schema);
  if (shape) {
    collect({ unexpected: 1 });
    for (const key of Object.keys(shape))
      for (const probe of fieldProbes) {
        collect({ [key]: probe });
        collect({ [key]: [probe] });
      }
  }
  return into;
}

describe('validation messages', () => {
  const schemas = exportedSchemas();
  let raised: Issue[] = [];
  beforeAll(() => {
    const kinds = new Map<string, Issue>();
    for (const [, schema] of schemas) issuesOf(schema, kinds);
    raised = [...kinds.values()];
  }, 60_000);

  it('finds the contracts’ schemas', () => {
    expect(schemas.length).toBeGreaterThan(50);
  });

  it('are written for people in fa, en and ar for every issue the contracts’ schemas raise', () => {
    const codes = new Set<string>();
    for (const issue of raised) {
      codes.add(issue.code);
      checkMessages(issue);
    }
    // The probes do reach the common kinds of issue.
    for (const code of ['invalid_type', 'too_small', 'too_big', 'invalid_format', 'invalid_value', 'custom'])
      expect(codes, code).toContain(code);
  });

  it('name every refinement key the schemas use', () => {
    const unknownKeys = new Set<string>();
    for (const issue of raised)
      if (issue.code === 'custom' && !customIssueMessages[issue.message]) unknownKeys.add(issue.message);
    expect([...unknownKeys]).toEqual([]);
  });

  // Zod's issue codes, checked by the compiler: a code added by a zod upgrade must be listed here.
  const everyCode: Record<z.core.$ZodIssueCode, Issue> = {
    invalid_type: {
      code: 'invalid_type',
      expected: 'string',
      path: ['a'],
      message: 'Invalid input: expected string, received number',
    },
    too_big: {
      code: 'too_big',
      origin: 'string',
      maximum: 50,
      path: ['a'],
      message: 'Too big: expected string to have <=50 characters',
    },
    too_small: {
      code: 'too_small',
      origin: 'string',
      minimum: 8,
      path: ['a'],
      message: 'Too small: expected string to have >=8 characters',
    },
    invalid_format: {
      code: 'invalid_format',
      format: 'email',
      path: ['a'],
      message: 'Invalid email address',
    },
    not_multiple_of: {
      code: 'not_multiple_of',
      divisor: 5,
      path: ['a'],
      message: 'Invalid number: must be a multiple of 5',
    },
    unrecognized_keys: { code: 'unrecognized_keys', keys: ['x'], path: [], message: 'Unrecognized key: "x"' },
    invalid_union: { code: 'invalid_union', errors: [], path: ['a'], message: 'Invalid input' },
    invalid_key: {
      code: 'invalid_key',
      origin: 'map',
      issues: [],
      path: ['a'],
      message: 'Invalid key in map',
    },
    invalid_element: {
      code: 'invalid_element',
      origin: 'set',
      key: 1,
      issues: [],
      path: ['a'],
      message: 'Invalid element in set',
    },
    invalid_value: {
      code: 'invalid_value',
      values: ['x', 'y'],
      path: ['a'],
      message: 'Invalid option: expected one of "x"|"y"',
    },
    custom: { code: 'custom', path: ['a'], message: 'Invalid input' },
  } as Record<z.core.$ZodIssueCode, Issue>;

  it.each(Object.keys(everyCode))('are written for people for the issue code %s', (code) => {
    checkMessages(everyCode[code as z.core.$ZodIssueCode]);
  });

  it('say the expected format of an e-mail and a web address, with an example, in fa, en and ar', () => {
    const result = contracts.updateWorkspaceProfileRequestSchema
      .pick({ email: true, website: true })
      .safeParse({ email: 'sara-at-example', website: 'ftp://example.com' });
    const byPath = (locale: Locale) =>
      Object.fromEntries(
        (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issueMessage(issue, locale)]),
      );
    expect(byPath('en')).toEqual({
      email: 'Enter an e-mail like name@example.com',
      website: 'Enter a web address like https://example.com',
    });
    expect(byPath('fa')).toEqual({
      email: 'ایمیل را به شکل \u2066name@example.com\u2069 وارد کنید',
      website: 'نشانی وب را به شکل \u2066https://example.com\u2069 وارد کنید',
    });
    expect(byPath('ar')).toEqual({
      email: 'أدخل البريد الإلكتروني بصيغة \u2066name@example.com\u2069',
      website: 'أدخل عنوان الويب بصيغة \u2066https://example.com\u2069',
    });
    const profileEmail = contracts.emailSchema.safeParse('no at sign').error?.issues[0] as Issue;
    expect(issueMessage(profileEmail, 'en')).toBe('Enter an e-mail like name@example.com');
  });

  it('say what a length, a bound and a missing value need, in both languages', () => {
    const result = z
      .object({
        password: z.string().min(8),
        name: z.string().max(1),
        age: z.number().min(18),
        tags: z.array(z.string()).min(1),
      })
      .safeParse({ password: 'short', name: 'ab', age: 3, tags: [] });
    const texts = (locale: Locale) =>
      (result.error?.issues ?? []).map((issue) => issueMessage(issue, locale));
    expect(texts('en')).toEqual([
      'Must be at least 8 characters',
      'Must be at most 1 character',
      'Must be 18 or more',
      'Must have at least 1 item',
    ]);
    expect(texts('fa')).toEqual([
      'باید حداقل ۸ نویسه باشد',
      'باید حداکثر ۱ نویسه باشد',
      'باید بزرگ‌تر یا مساوی ۱۸ باشد',
      'باید حداقل ۱ مورد داشته باشد',
    ]);
    const missing = z.object({ code: z.string() }).safeParse({}).error?.issues[0] as Issue;
    expect(issueMessage(missing, 'en')).toBe('Required');
    expect(issueMessage(missing, 'fa')).toBe('این مقدار الزامی است');
    const wrongType = z.object({ code: z.string() }).safeParse({ code: 5 }).error?.issues[0] as Issue;
    expect(issueMessage(wrongType, 'en')).toBe('This value is not valid');
    expect(issueMessage(wrongType, 'fa')).toBe('ورودی نامعتبر است');
    expect(texts('ar')).toEqual([
      'يجب ألا يقل عن ٨ محارف',
      'يجب ألا يزيد على محرف واحد',
      'يجب أن يكون أكبر من ١٨ أو مساويًا له',
      'يجب أن يحتوي على عنصر واحد على الأقل',
    ]);
    expect(issueMessage(missing, 'ar')).toBe('هذه القيمة مطلوبة');
    expect(issueMessage(wrongType, 'ar')).toBe('القيمة المدخلة غير صالحة');
    const long = z.string().max(32).safeParse('x'.repeat(40)).error?.issues[0] as Issue;
    expect(issueMessage(long, 'ar')).toBe('يجب ألا يزيد على ٣٢ محرفًا');
    const huge = z.string().max(100).safeParse('x'.repeat(101)).error?.issues[0] as Issue;
    expect(issueMessage(huge, 'ar')).toBe('يجب ألا يزيد على ١٠٠ محرف');
  });
});
