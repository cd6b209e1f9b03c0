import { z } from 'zod';

/**
 * Zod's built-in messages do not say which field is wrong. Every schema-level message we write
 * is used as it is; the built-in ones name the field themselves (from the issue's path), so a
 * 400 always names the field, whether the issue reaches the client through the API's error
 * handler, a service's own safeParse or a form in the web app. A `{field}` token left in any
 * message (ours or a template like MSG.INPUT_CONTROL_CHARACTER) is filled by `describeIssue`.
 */
z.config({
  customError: (issue) => {
    const field = humanizeField(issue.path ?? []);
    if (issue.code === 'invalid_type' && issue.input === undefined) return `${field} is required.`;
    if (issue.code === 'too_big')
      return `${field} must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : ''}.`;
    if (issue.code === 'too_small')
      return `${field} must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters' : ''}.`;
    return `${field} is invalid.`;
  },
});

export function humanizeField(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((p) => typeof p === 'string');
  if (typeof last !== 'string') return 'Value';
  const words = last
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function describeIssue(message: string, path: readonly PropertyKey[]): string {
  return message.replaceAll('{field}', humanizeField(path));
}
